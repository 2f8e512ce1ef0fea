import { apiJson } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/mutations';
import { pluginImagesQueryKey } from './get-plugin-images';

/** DELETE .../images/{id}: the record and its files. */
export const deleteImage = ({ slug, id }: { slug: string; id: number }): Promise<unknown> =>
  apiJson('DELETE', `/api/admin/plugins/${encodeURIComponent(slug)}/images/${id}`);

export const useDeleteImage = () => useInvalidatingMutation(deleteImage, ({ slug }) => [pluginImagesQueryKey(slug)]);
