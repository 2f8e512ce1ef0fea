import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PluginImage } from '@common/images';
import { publicPluginImagesQueryKey } from '@common/public-queries';
import { ApiError, apiGet } from '@/lib/api';

/** GET /api/plugins/{slug}/images, ordered for display; a plugin without images (or a 404) has none. */
export async function getPluginImages(slug: string): Promise<PluginImage[]> {
  try {
    const images = await apiGet<PluginImage[]>(`/api/plugins/${encodeURIComponent(slug)}/images`);
    if (!Array.isArray(images)) return [];
    return images.filter((image) => typeof image?.url === 'string').sort((a, b) => Number(b.is_primary) - Number(a.is_primary) || a.sort_order - b.sort_order);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export const pluginImagesQueryOptions = (slug: string) => queryOptions({ queryKey: publicPluginImagesQueryKey(slug), queryFn: () => getPluginImages(slug) });

export const usePluginImages = (slug: string, enabled = true) => useQuery({ ...pluginImagesQueryOptions(slug), enabled });
