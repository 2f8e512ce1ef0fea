import { useMutation } from '@tanstack/react-query';
import type { ImportInspection, ImportSource } from '@common/imports';
import { apiJson } from '@/lib/api';

/** POST /api/admin/imports/inspect: the file's format (chosen or detected) and its source products to map. */
export function inspectImport({ file, format }: { file: File; format: ImportSource | 'auto' }): Promise<ImportInspection> {
  const form = new FormData();
  form.append('format', format);
  form.append('file', file);
  return apiJson<ImportInspection>('POST', '/api/admin/imports/inspect', form);
}

export const useInspectImport = () => useMutation({ mutationFn: inspectImport });
