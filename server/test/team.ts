// Staff members for tests (issue 42): invited, accepted and signed in over HTTP as a person would, the invitation
// link read from the queued e-mail.
import type { MemberRole } from '../../common/permissions.js';
import { SESSION_COOKIE } from '../http/admin-guard.js';
import type { TestApp } from './test-app.js';

export const TEST_MEMBER_PASSWORD = 'member password 12345';

/** The invitation token in the last e-mail queued to `email`. */
export async function inviteTokenFor(t: TestApp, email: string): Promise<string> {
  const row = await t.db.selectFrom('emails').select('text').where('to_address', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow();
  const match = /\/team\/accept\?token=([\w-]+)/.exec(row.text);
  if (!match?.[1]) throw new Error(`no invitation link in the e-mail to ${email}`);
  return match[1];
}

/** Invites `email` as `role` (signed in as the owner), accepts the invitation and answers the member's id. */
export async function addMember(t: TestApp, email: string, role: MemberRole, password = TEST_MEMBER_PASSWORD): Promise<number> {
  const invited = await t.app.inject({ method: 'POST', url: '/api/admin/team/invitations', headers: await t.adminHeaders(), payload: { email, role } });
  if (invited.statusCode !== 201) throw new Error(`invite failed: ${invited.statusCode} ${invited.body}`);
  const token = await inviteTokenFor(t, email);
  const accepted = await t.app.inject({ method: 'POST', url: '/api/team/accept', payload: { token, password } });
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.statusCode} ${accepted.body}`);
  return invited.json<{ id: number }>().id;
}

/** Signs a member in with e-mail and password (no second factor) and answers headers for admin calls. */
export async function memberHeaders(t: TestApp, email: string, password = TEST_MEMBER_PASSWORD, ip = '10.42.0.1'): Promise<Record<string, string>> {
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/staff-login', payload: { email, password }, remoteAddress: ip });
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error(`staff login failed: ${response.statusCode} ${response.body}`);
  return { cookie: `${SESSION_COOKIE}=${cookie.value}`, 'x-requested-with': 'XMLHttpRequest' };
}
