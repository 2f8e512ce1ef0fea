import { apiJson } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/mutations';
import { artworkQueryKey } from './get-artwork';

/** DELETE /api/admin/plugins/{slug}/images/{id}: an icon or banner and its files. */
export const deleteArtwork = ({ slug, id }: { slug: string; id: number }): Promise<unknown> =>
  apiJson('DELETE', `/api/admin/plugins/${encodeURIComponent(slug)}/images/${id}`);

export const useDeleteArtwork = () => useInvalidatingMutation(deleteArtwork, ({ slug }) => [artworkQueryKey(slug)]);
