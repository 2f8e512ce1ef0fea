import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ArtworkType, ImageUploadResponse, PluginImage } from '@common/images';
import { apiJson } from '@/lib/api';
import { artworkQueryKey } from './get-artwork';

/** The image upload API: POST .../images/upload, then POST .../images with the type (the server checks the size there). */
export async function uploadArtwork({ slug, type, file }: { slug: string; type: ArtworkType; file: File }): Promise<PluginImage> {
  const base = `/api/admin/plugins/${encodeURIComponent(slug)}/images`;
  const form = new FormData();
  form.append('image', file, file.name);
  const uploaded = await apiJson<ImageUploadResponse>('POST', `${base}/upload`, form);
  return apiJson<PluginImage>('POST', base, { url: uploaded.url, type });
}

export function useUploadArtwork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadArtwork,
    onSuccess: (_image, { slug }) => queryClient.invalidateQueries({ queryKey: artworkQueryKey(slug) }),
  });
}
