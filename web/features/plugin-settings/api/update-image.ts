import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImagePatch, PluginImage } from '@common/images';
import { apiJson } from '@/lib/api';
import { pluginImagesQueryKey } from './get-plugin-images';

/** PATCH .../images/{id}: the caption, or is_primary (the server clears the old primary in the same operation). */
export const updateImage = ({ slug, id, patch }: { slug: string; id: number; patch: ImagePatch }): Promise<PluginImage> =>
  apiJson<PluginImage>('PATCH', `/api/admin/plugins/${encodeURIComponent(slug)}/images/${id}`, patch);

export function useUpdateImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateImage,
    onSuccess: (_image, { slug }) => queryClient.invalidateQueries({ queryKey: pluginImagesQueryKey(slug) }),
  });
}
