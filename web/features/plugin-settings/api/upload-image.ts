import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImageType, ImageUploadResponse, PluginImage } from '@common/images';
import { apiJson } from '@/lib/api';
import { pluginImagesQueryKey } from './get-plugin-images';

export interface UploadImageInput {
  slug: string;
  file: File;
  type: ImageType;
  caption: string;
  sortOrder: number;
}

/** POST .../images/upload (multipart field `image`), then POST .../images with the url it answered. */
export async function uploadImage({ slug, file, type, caption, sortOrder }: UploadImageInput): Promise<PluginImage> {
  const base = `/api/admin/plugins/${encodeURIComponent(slug)}/images`;
  const form = new FormData();
  form.append('image', file, file.name);
  const uploaded = await apiJson<ImageUploadResponse>('POST', `${base}/upload`, form);
  if (!uploaded?.success || !uploaded.url) throw new Error('File upload failed');
  return apiJson<PluginImage>('POST', base, { url: uploaded.url, type, caption, sort_order: sortOrder });
}

export function useUploadImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadImage,
    onSuccess: (_image, { slug }) => queryClient.invalidateQueries({ queryKey: pluginImagesQueryKey(slug) }),
  });
}
