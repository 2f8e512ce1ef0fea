import { useIsMutating } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/use-toast';

/** True while any call of the Postcode Testing page runs: every runner button is disabled meanwhile. */
export const usePostcodeRunnerBusy = (): boolean => useIsMutating({ mutationKey: ['postcode-runner'] }) > 0;

export function toastFailure(title: string, error: unknown): void {
  const description = error instanceof ApiError ? (error.serverMessage ?? error.message) : error instanceof Error ? error.message : String(error);
  toast({ title, description, variant: 'destructive' });
}

/** 'Testing Complete' with the total, the time in ms and the pass rate (or another closing note). */
export function toastTestingComplete(total: number, startedAt: number, note: string): void {
  const ms = Math.round(performance.now() - startedAt);
  toast({ title: 'Testing Complete', description: `${total} ${total === 1 ? 'test' : 'tests'} in ${ms} ms, ${note}` });
}
