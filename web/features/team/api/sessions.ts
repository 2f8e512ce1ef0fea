import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSession } from '@common/team';
import { apiGet, apiJson } from '@/lib/api';

const key = ['admin', 'sessions'] as const;

/** GET /api/admin/sessions: one's own (the owner: everyone's). */
export const sessionsQueryOptions = () => queryOptions({ queryKey: key, queryFn: () => apiGet<{ sessions: AdminSession[] }>('/api/admin/sessions') });
export const useSessions = () => useQuery(sessionsQueryOptions());

/** DELETE /api/admin/sessions/{id}. */
export const useEndSession = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiJson('DELETE', `/api/admin/sessions/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
};
