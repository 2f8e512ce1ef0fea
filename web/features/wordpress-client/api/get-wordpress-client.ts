import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WordpressClientInfo } from '@common/wordpress-client';
import { apiGet } from '@/lib/api';

/** GET /api/admin/wordpress-client: the server URL and public key the snippet is pre-filled with. */
export const getWordpressClient = (): Promise<WordpressClientInfo> => apiGet<WordpressClientInfo>('/api/admin/wordpress-client');

export const wordpressClientQueryOptions = () => queryOptions({ queryKey: ['/api/admin/wordpress-client'] as const, queryFn: getWordpressClient });

export const useWordpressClient = () => useQuery(wordpressClientQueryOptions());
