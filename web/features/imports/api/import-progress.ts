import { useQuery } from '@tanstack/react-query';
import type { ImportProgress } from '@common/imports';
import { ApiError, apiGet } from '@/lib/api';

/**
 * GET /api/admin/imports/progress/:id every half second while a run is on (issue 44); null while its file is
 * still uploading (the server knows the run once the file is in: 404 until then).
 */
export function useImportProgress(id: string | null) {
  return useQuery({
    queryKey: ['import-progress', id],
    enabled: id !== null,
    refetchInterval: 500,
    queryFn: async (): Promise<ImportProgress | null> => {
      try {
        return await apiGet<ImportProgress>(`/api/admin/imports/progress/${id}`);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}
