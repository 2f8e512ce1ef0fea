import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';
import { artworkQueryKey } from './get-artwork';

/** DELETE /api/admin/plugins/{slug}/images/{id}: an icon or banner and its files. */
export const deleteArtwork = ({ slug, id }: { slug: string; id: number }): Promise<unknown> =>
  apiJson('DELETE', `/api/admin/plugins/${encodeURIComponent(slug)}/images/${id}`);

export function useDeleteArtwork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteArtwork,
    onSuccess: (_answer, { slug }) => queryClient.invalidateQueries({ queryKey: artworkQueryKey(slug) }),
  });
}
