import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeResponse } from '@common/team';
import { apiGet } from '@/lib/api';

/** GET /api/admin/me: who is signed in and what their role opens. */
export const meQueryOptions = () => queryOptions({ queryKey: ['admin', 'me'], queryFn: () => apiGet<MeResponse>('/api/admin/me'), staleTime: 60_000 });
export const useMe = () => useQuery(meQueryOptions());
