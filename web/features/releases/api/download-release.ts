import type { Release } from '@common/releases';
import { apiRequest } from '@/lib/api';

/** Fetches /releases/{zip_path} (admin only) and saves it as {slug}-{version}.zip. */
export async function downloadRelease(release: Pick<Release, 'zip_path' | 'plugin_slug' | 'version'>): Promise<void> {
  const response = await apiRequest('GET', `/releases/${encodeURIComponent(release.zip_path)}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `${release.plugin_slug}-${release.version}.zip`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
