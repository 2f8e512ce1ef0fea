import type { Permission } from '@common/permissions';
import { usePageMeta } from '@/lib/page-meta';
import { useMe } from '../api/me';
import { ApiKeysCard } from '../components/api-keys-card';
import { AuditCard } from '../components/audit-card';
import { MembersCard } from '../components/members-card';
import { OwnershipCard } from '../components/ownership-card';
import { PasskeysCard } from '../components/passkeys-card';
import { SessionsCard } from '../components/sessions-card';

/** Team (docs/team.md): members and roles (owner), API keys, one's passkeys, sessions, the audit log; each part as the role allows. */
export function TeamPage() {
  usePageMeta('Team');
  const { data: me } = useMe();
  const can = (permission: Permission) => me?.permissions.includes(permission) ?? false;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Team</h1>
      {can('team:manage') && <MembersCard />}
      {me?.role === 'owner' && <OwnershipCard />}
      {can('api-keys:manage') && <ApiKeysCard />}
      {me && <PasskeysCard />}
      <SessionsCard />
      {can('audit:read') && <AuditCard />}
    </div>
  );
}
