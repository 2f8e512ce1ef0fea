import type { TestEmailResult } from '@common/payment-setup';
import { apiJson } from '@/lib/api';
import { useInvalidatingMutation } from '@/lib/mutations';
import { emailSetupQueryKey } from './email-setup';
import { AFFECTED_QUERY_KEYS } from './payment-setup';

/** POST /api/admin/email-setup/test: one e-mail to the vendor through the SMTP server, with the server's answer. */
export const sendTestEmail = (): Promise<TestEmailResult> => apiJson<TestEmailResult>('POST', '/api/admin/email-setup/test');

export const useSendTestEmail = () => useInvalidatingMutation(sendTestEmail, [emailSetupQueryKey, ...AFFECTED_QUERY_KEYS]);
