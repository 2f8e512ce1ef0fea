import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OutboxMessage } from '@common/outbox';
import { apiJson } from '@/lib/api';
import { outboxQueryKey } from './get-outbox';

/** POST /api/admin/outbox/{id}/resend: the stored message goes to its recipient again; answers the new message (masked). */
export const resendOutboxMessage = (id: number): Promise<OutboxMessage> => apiJson<OutboxMessage>('POST', `/api/admin/outbox/${id}/resend`);

export function useResendOutboxMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendOutboxMessage,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: outboxQueryKey });
    },
  });
}
