import { queryOptions, useQuery } from '@tanstack/react-query';
import { isArtworkType, type PluginImage } from '@common/images';
import { apiGet } from '@/lib/api';

/** GET /api/admin/plugins/{slug}/images, keeping the icons and banners (WordPress artwork). */
export const getArtwork = async (slug: string): Promise<PluginImage[]> =>
  (await apiGet<PluginImage[]>(`/api/admin/plugins/${encodeURIComponent(slug)}/images`)).filter((image) => isArtworkType(image.type));

export const artworkQueryKey = (slug: string) => ['/api/admin/plugins', slug, 'images', 'artwork'] as const;

export const artworkQueryOptions = (slug: string) => queryOptions({ queryKey: artworkQueryKey(slug), queryFn: () => getArtwork(slug) });

export const useArtwork = (slug: string) => useQuery(artworkQueryOptions(slug));
