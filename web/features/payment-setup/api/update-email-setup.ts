import type { EmailSetup, EmailSetupUpdate } from '@common/payment-setup';
import { apiJson } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/mutations';
import { emailSetupQueryKey } from './email-setup';
import { AFFECTED_QUERY_KEYS } from './payment-setup';

/** PUT /api/admin/email-setup: saves the SMTP server (the password needs a recent sign-in or the admin password). */
export const updateEmailSetup = (body: EmailSetupUpdate): Promise<EmailSetup> => apiJson<EmailSetup>('PUT', '/api/admin/email-setup', body);

export const useUpdateEmailSetup = () =>
  useInvalidatingMutation(updateEmailSetup, AFFECTED_QUERY_KEYS, (setup, queryClient) => queryClient.setQueryData(emailSetupQueryKey, setup));
