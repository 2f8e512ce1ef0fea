import type { ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { errorMessage } from '@/lib/api';

/** What failed to load (`title`) and why: the server's message, or `fallback` when it gave none. */
export function LoadErrorAlert({ title, error, fallback = 'Unknown error occurred' }: { title: ReactNode; error: unknown; fallback?: string }) {
  return (
    <Alert variant="destructive">
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>{errorMessage(error, fallback)}</AlertDescription>
    </Alert>
  );
}
