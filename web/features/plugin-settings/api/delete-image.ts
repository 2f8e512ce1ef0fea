import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';
import { pluginImagesQueryKey } from './get-plugin-images';

/** DELETE .../images/{id}: the record and its files. */
export const deleteImage = ({ slug, id }: { slug: string; id: number }): Promise<unknown> =>
  apiJson('DELETE', `/api/admin/plugins/${encodeURIComponent(slug)}/images/${id}`);

export function useDeleteImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteImage,
    onSuccess: (_answer, { slug }) => queryClient.invalidateQueries({ queryKey: pluginImagesQueryKey(slug) }),
  });
}
