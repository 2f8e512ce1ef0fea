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

interface SuiteMutation {
  mutate: (
    variables: undefined,
    options: { onSuccess: (answer: { data: { total_tests: number; pass_rate: number } }) => void; onError: (error: unknown) => void },
  ) => void;
}

/** Runs a whole suite (user scenarios or precedence) and toasts its outcome. */
export function runSuite(suite: SuiteMutation): void {
  const startedAt = performance.now();
  suite.mutate(undefined, {
    onSuccess: ({ data }) => toastTestingComplete(data.total_tests, startedAt, `pass rate ${data.pass_rate}%`),
    onError: (error) => toastFailure('Failed to test postcodes', error),
  });
}
