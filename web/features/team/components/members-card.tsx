import { useState, type FormEvent } from 'react';
import { MEMBER_ROLES, ROLE_LABELS, type MemberRole } from '@common/permissions';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { TableCell, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/use-toast';
import { useChangeRole, useInviteMember, useRemoveMember, useTeam, useTeamPolicy } from '../api/team';
import { ListCard } from './list-card';

const selectClass = 'h-9 rounded-md border border-input bg-transparent px-3 text-sm';

function RoleSelect({ id, value, onChange }: { id?: string; value: MemberRole; onChange: (role: MemberRole) => void }) {
  return (
    <select id={id} className={selectClass} value={value} onChange={(event) => onChange(event.target.value as MemberRole)}>
      {MEMBER_ROLES.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </select>
  );
}

/** The owner's list of staff: invite, change a role, remove; and whether everyone needs two factors. */
export function MembersCard() {
  const { data } = useTeam();
  const invite = useInviteMember();
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const policy = useTeamPolicy();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('support');
  // Shown at once when ticked; the server's answer follows.
  const [requireTwoFactor, setRequireTwoFactor] = useState<boolean | null>(null);
  const failed = (title: string) => (error: unknown) => toast({ title, description: errorMessage(error, title), variant: 'destructive' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(
      { email, role },
      {
        onSuccess: (member) => {
          toast({ title: 'Invitation sent', description: `${member.email} gets a link to choose a password.` });
          setEmail('');
        },
        onError: failed('The invitation was not sent'),
      },
    );
  };

  return (
    <ListCard
      title="Team members"
      description="Staff sign in with their e-mail address on the login screen’s “Staff sign-in”. Each role opens only its own pages."
      headings={['E-mail', 'Role', 'Status', 'Two-factor', {}]}
      before={
        <>
          <form onSubmit={submit} className="flex flex-wrap items-end gap-2" noValidate>
            <div className="space-y-1">
              <Label htmlFor="invite-email">E-mail address</Label>
              <Input id="invite-email" type="email" value={email} onChange={(event) => setEmail(event.target.value)} className="w-64" />
            </div>
            <div className="space-y-1">
              <Label htmlFor="invite-role">Role</Label>
              <div>
                <RoleSelect id="invite-role" value={role} onChange={setRole} />
              </div>
            </div>
            <Button type="submit" disabled={invite.isPending}>
              Invite
            </Button>
          </form>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={requireTwoFactor ?? data?.require_two_factor ?? false}
              onChange={(event) => {
                const wanted = event.target.checked;
                setRequireTwoFactor(wanted);
                policy.mutate(wanted, {
                  onError: (error) => {
                    setRequireTwoFactor(null);
                    failed('The policy was not changed')(error);
                  },
                });
              }}
            />
            Require two-factor sign-in for every staff member
          </label>
        </>
      }
    >
      {(data?.members ?? []).map((member) => (
        <TableRow key={member.id} data-testid="team-member">
          <TableCell>{member.email}</TableCell>
          <TableCell>
            <RoleSelect
              value={member.role}
              onChange={(next) => changeRole.mutate({ id: member.id, role: next }, { onError: failed('The role was not changed') })}
            />
          </TableCell>
          <TableCell>
            <Badge variant={member.status === 'active' ? 'default' : 'secondary'}>{member.status === 'active' ? 'Active' : 'Invited'}</Badge>
          </TableCell>
          <TableCell>{member.two_factor ? 'On' : 'Off'}</TableCell>
          <TableCell className="text-right">
            <Button variant="outline" size="sm" onClick={() => remove.mutate(member.id, { onError: failed('The member was not removed') })}>
              Remove
            </Button>
          </TableCell>
        </TableRow>
      ))}
    </ListCard>
  );
}
