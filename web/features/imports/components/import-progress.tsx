import { Progress } from '@/components/ui/progress';
import { useImportProgress } from '../api/import-progress';

/** How far the running import (or dry run) named `id` has read its file, as the server reports it. */
export function ImportProgressView({ id, apply }: { id: string; apply: boolean }) {
  const { data } = useImportProgress(id);
  const share = data && data.total_bytes > 0 ? (100 * data.bytes_read) / data.total_bytes : 0;
  const what = apply ? 'Importing' : 'Dry run';
  return (
    <div className="space-y-2" aria-live="polite">
      <Progress value={share} label={`${what} progress`} />
      <p className="text-sm text-muted-foreground">
        {data ? `${what}: ${data.rows.toLocaleString('en-GB')} rows read (${Math.floor(share)} %)` : 'Uploading the file…'}
      </p>
    </div>
  );
}
