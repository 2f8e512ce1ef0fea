import { useMutation } from '@tanstack/react-query';
import type { PrecedenceResponse } from '@common/postcode';
import { apiGet } from '@/lib/api';

/** GET /api/postcode/test-suite/precedence, run on demand. */
export const runPrecedenceTests = () => apiGet<PrecedenceResponse>('/api/postcode/test-suite/precedence');

export const useRunPrecedenceTests = () => useMutation({ mutationKey: ['postcode-runner', 'precedence'], mutationFn: runPrecedenceTests });
