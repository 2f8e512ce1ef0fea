import type { OutboxMessage } from '@common/outbox';
import { apiJson } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/mutations';
import { outboxQueryKey } from './get-outbox';

/** POST /api/admin/outbox/{id}/resend: the stored message goes to its recipient again; answers the new message (masked). */
export const resendOutboxMessage = (id: number): Promise<OutboxMessage> => apiJson<OutboxMessage>('POST', `/api/admin/outbox/${id}/resend`);

export const useResendOutboxMessage = () => useInvalidatingMutation(resendOutboxMessage, [outboxQueryKey]);
