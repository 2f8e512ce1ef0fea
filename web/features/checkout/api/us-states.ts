import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { usStatesSchema } from '@common/tax';
import { apiGet } from '@/lib/api';

/** GET /api/tax/us-states: the states a US buyer chooses from (docs/tax.md "US states"); asked only for a US buyer. */
export const useUsStates = (enabled: boolean) =>
  useQuery({ queryKey: ['/api/tax/us-states'], queryFn: () => apiGet<z.infer<typeof usStatesSchema>>('/api/tax/us-states'), enabled, staleTime: Infinity });
