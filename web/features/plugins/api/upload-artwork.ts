import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ArtworkType, ImageUploadResponse, PluginImage } from '@common/images';
import { apiJson } from '@/lib/api';
import { artworkQueryKey } from './get-artwork';

export interface UploadArtworkInput {
  slug: string;
  type: ArtworkType;
  file: File;
  /** The current images of this type: deleted once the new one is in (the update answer uses one per type). */
  replaces: number[];
}

/**
 * The image upload API: POST .../images/upload, then POST .../images with the type (the server checks the size
 * there), then DELETE what it replaces. A refused image leaves the current one in place.
 */
export async function uploadArtwork({ slug, type, file, replaces }: UploadArtworkInput): Promise<PluginImage> {
  const base = `/api/admin/plugins/${encodeURIComponent(slug)}/images`;
  const form = new FormData();
  form.append('image', file, file.name);
  const uploaded = await apiJson<ImageUploadResponse>('POST', `${base}/upload`, form);
  const image = await apiJson<PluginImage>('POST', base, { url: uploaded.url, type });
  for (const id of replaces) await apiJson('DELETE', `${base}/${id}`);
  return image;
}

export function useUploadArtwork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadArtwork,
    onSettled: (_image, _error, { slug }) => queryClient.invalidateQueries({ queryKey: artworkQueryKey(slug) }),
  });
}
