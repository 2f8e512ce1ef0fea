import { useMutation } from '@tanstack/react-query';
import type { PostcodeTestRequest, PostcodeTestResponse } from '@common/postcode';
import { apiJson } from '@/lib/api';

/** POST /api/postcode/test (public). */
export const testPostcode = (request: PostcodeTestRequest) => apiJson<PostcodeTestResponse>('POST', '/api/postcode/test', request);

export const useTestPostcode = () => useMutation({ mutationKey: ['postcode-runner', 'single'], mutationFn: testPostcode });
