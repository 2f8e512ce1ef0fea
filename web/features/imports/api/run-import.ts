import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResult, ImportSource } from '@common/imports';
import { apiJson } from '@/lib/api';

export interface ImportRequest {
  file: File;
  format: ImportSource;
  mapping: Record<string, string>;
  onError: 'continue' | 'stop';
  /** false: a dry run, nothing is written. */
  apply: boolean;
  /** Names the run, to follow its progress by (useImportProgress). */
  importId?: string;
}

/** POST /api/admin/imports: a dry run or the import of the file (the fields go before the file). */
export function runImport({ file, format, mapping, onError, apply, importId }: ImportRequest): Promise<ImportResult> {
  const form = new FormData();
  form.append('format', format);
  form.append('mapping', JSON.stringify(mapping));
  form.append('on_error', onError);
  form.append('apply', String(apply));
  if (importId) form.append('import_id', importId);
  form.append('file', file);
  return apiJson<ImportResult>('POST', '/api/admin/imports', form);
}

export function useRunImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runImport,
    // An import adds licences (and, from this server's export, everything else): every list may have changed.
    onSuccess: (_result, request) => (request.apply ? queryClient.invalidateQueries() : undefined),
  });
}
