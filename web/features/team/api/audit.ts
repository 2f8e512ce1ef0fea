import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@common/audit';
import { apiGet } from '@/lib/api';

/** GET /api/admin/audit?q=&page=: newest first. */
export const auditQueryOptions = (q: string, page: number) =>
  queryOptions({
    queryKey: ['admin', 'audit', q, page],
    queryFn: () =>
      apiGet<{ entries: AuditEntry[]; total: number; page: number; retention_days: number }>(
        `/api/admin/audit?${new URLSearchParams({ q, page: String(page) })}`,
      ),
  });
export const useAudit = (q: string, page: number) => useQuery(auditQueryOptions(q, page));

/** GET /api/admin/audit/verify: walks the hash chain. */
export const useVerifyAudit = () =>
  useMutation({ mutationFn: () => apiGet<{ valid: boolean; checked: number; problem: string | null }>('/api/admin/audit/verify') });
