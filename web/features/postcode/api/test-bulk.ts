import { useMutation } from '@tanstack/react-query';
import type { PostcodeBulkRequest, PostcodeBulkResponse } from '@common/postcode';
import { apiJson } from '@/lib/api';

/** POST /api/postcode/test-bulk (admin-only: the page's signed-in session). */
export const testPostcodesInBulk = (request: PostcodeBulkRequest) => apiJson<PostcodeBulkResponse>('POST', '/api/postcode/test-bulk', request);

export const useTestPostcodesInBulk = () => useMutation({ mutationKey: ['postcode-runner', 'bulk'], mutationFn: testPostcodesInBulk });
