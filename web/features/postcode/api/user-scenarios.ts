import { useMutation } from '@tanstack/react-query';
import type { SuiteResponse } from '@common/postcode';
import { apiGet } from '@/lib/api';

/** GET /api/postcode/test-suite/user-scenarios, run on demand. */
export const runUserScenarios = () => apiGet<SuiteResponse>('/api/postcode/test-suite/user-scenarios');

export const useRunUserScenarios = () => useMutation({ mutationKey: ['postcode-runner', 'user-scenarios'], mutationFn: runUserScenarios });
