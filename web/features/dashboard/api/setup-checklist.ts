import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SetupChecklist } from '@common/setup-checklist';
import { apiGet, apiJson } from '@/lib/api';

// GET /api/admin/setup-checklist and PUT (Hide / Show): the first-run checklist (docs/dashboard.md).
export const setupChecklistQueryKey = ['/api/admin/setup-checklist'] as const;

export const getSetupChecklist = (): Promise<SetupChecklist> => apiGet<SetupChecklist>('/api/admin/setup-checklist');

// Steps are done on other pages: read again whenever the dashboard opens.
export const setupChecklistQueryOptions = () => queryOptions({ queryKey: setupChecklistQueryKey, queryFn: getSetupChecklist, refetchOnMount: 'always' });

export const useSetupChecklist = () => useQuery(setupChecklistQueryOptions());

export function useDismissSetupChecklist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dismissed: boolean) => apiJson<SetupChecklist>('PUT', '/api/admin/setup-checklist', { dismissed }),
    onSuccess: (checklist) => queryClient.setQueryData(setupChecklistQueryKey, checklist),
  });
}
