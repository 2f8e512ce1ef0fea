import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PluginImage } from '@common/images';
import { apiGet } from '@/lib/api';

/** GET /api/admin/plugins/{slug}/images: uncached, refetched whenever the gallery mounts (docs/product-spec.md section 7). */
export const getPluginImages = (slug: string): Promise<PluginImage[]> => apiGet<PluginImage[]>(`/api/admin/plugins/${encodeURIComponent(slug)}/images`);

export const pluginImagesQueryKey = (slug: string) => ['/api/admin/plugins', slug, 'images'] as const;

export const pluginImagesQueryOptions = (slug: string) =>
  queryOptions({ queryKey: pluginImagesQueryKey(slug), queryFn: () => getPluginImages(slug), staleTime: 0, gcTime: 0, refetchOnMount: 'always' });

export const usePluginImages = (slug: string | undefined) => useQuery({ ...pluginImagesQueryOptions(slug ?? ''), enabled: Boolean(slug) });
