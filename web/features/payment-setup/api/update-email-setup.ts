import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailSetup, EmailSetupUpdate } from '@common/payment-setup';
import { apiJson } from '@/lib/api';
import { emailSetupQueryKey } from './email-setup';
import { AFFECTED_QUERY_KEYS } from './payment-setup';

/** PUT /api/admin/email-setup: saves the SMTP server (the password needs a recent sign-in or the admin password). */
export const updateEmailSetup = (body: EmailSetupUpdate): Promise<EmailSetup> => apiJson<EmailSetup>('PUT', '/api/admin/email-setup', body);

export function useUpdateEmailSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmailSetup,
    onSuccess: async (setup) => {
      queryClient.setQueryData(emailSetupQueryKey, setup);
      await Promise.all(AFFECTED_QUERY_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
