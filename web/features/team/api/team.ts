import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberRole } from '@common/permissions';
import type { TeamMember, TeamResponse, TransferOwnership } from '@common/team';
import { apiGet, apiJson } from '@/lib/api';

export const teamQueryKey = ['admin', 'team'] as const;

/** GET /api/admin/team: the members and whether two factors are required. */
export const teamQueryOptions = () => queryOptions({ queryKey: teamQueryKey, queryFn: () => apiGet<TeamResponse>('/api/admin/team') });
export const useTeam = () => useQuery(teamQueryOptions());

function useTeamMutation<T, R>(call: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: teamQueryKey }) });
}

/** POST /api/admin/team/invitations: the invitation e-mail leaves through the outbox. */
export const useInviteMember = () =>
  useTeamMutation((input: { email: string; role: MemberRole }) => apiJson<TeamMember>('POST', '/api/admin/team/invitations', input));
/** PATCH /api/admin/team/{id}. */
export const useChangeRole = () =>
  useTeamMutation((input: { id: number; role: MemberRole }) => apiJson('PATCH', `/api/admin/team/${input.id}`, { role: input.role }));
/** DELETE /api/admin/team/{id}: their sessions end at once. */
export const useRemoveMember = () => useTeamMutation((id: number) => apiJson('DELETE', `/api/admin/team/${id}`));
/** PUT /api/admin/team/policy. */
export const useTeamPolicy = () =>
  useTeamMutation((requireTwoFactor: boolean) => apiJson('PUT', '/api/admin/team/policy', { require_two_factor: requireTwoFactor }));
/** POST /api/admin/team/ownership: the owner hands the owner account to an admin and becomes an admin. */
export const useTransferOwnership = () =>
  useTeamMutation((input: TransferOwnership) => apiJson<{ message: string }>('POST', '/api/admin/team/ownership', input));
