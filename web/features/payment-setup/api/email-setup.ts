import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmailSetup } from '@common/payment-setup';
import { apiGet } from '@/lib/api';

// GET /api/admin/email-setup: the E-mail page (docs/payment-setup.md). The password comes back as "last four" only.
export const emailSetupQueryKey = ['/api/admin/email-setup'] as const;

export const getEmailSetup = (): Promise<EmailSetup> => apiGet<EmailSetup>('/api/admin/email-setup');

export const useEmailSetup = () => useQuery(queryOptions({ queryKey: emailSetupQueryKey, queryFn: getEmailSetup }));
