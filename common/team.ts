// Staff accounts, their sign-in, sessions and API keys (issue 42, docs/team.md): the wire shapes.
import { z } from 'zod';
import { idField } from './ids.js';
import { API_KEY_SCOPES, MEMBER_ROLES, ROLES, type Permission } from './permissions.js';

const email = z
  .string({ error: 'E-mail address is required' })
  .trim()
  .toLowerCase()
  .max(254, 'E-mail address is too long')
  .pipe(z.email({ error: 'Enter a valid e-mail address' }));
const password = z.string({ error: 'Password is required' }).min(10, 'The password must be at least 10 characters').max(200, 'The password is too long');
const role = z.enum(MEMBER_ROLES, { error: `Role must be one of: ${MEMBER_ROLES.join(', ')}` });

export const inviteMemberSchema = z.object({ email, role });
export type InviteMember = z.infer<typeof inviteMemberSchema>;

export const changeRoleSchema = z.object({ role });

export const teamMemberSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  /** Invited: the link is not used yet. */
  status: z.enum(['invited', 'active']),
  two_factor: z.boolean(),
  created_at: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamResponseSchema = z.object({ members: z.array(teamMemberSchema), require_two_factor: z.boolean() });
export type TeamResponse = z.infer<typeof teamResponseSchema>;

export const teamPolicySchema = z.object({ require_two_factor: z.boolean({ error: 'require_two_factor must be true or false' }) });

export const acceptInviteSchema = z.object({
  token: z.string({ error: 'The invitation link is incomplete' }).min(20, 'The invitation link is incomplete').max(200),
  password,
});

export const staffLoginSchema = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'The password is too long'),
});

/** The second step: a 6-digit code from the authenticator app, or one of the recovery codes. */
export const secondFactorSchema = z.object({
  challenge: z.string({ error: 'Sign in with your password first' }).min(20).max(200),
  code: z.string({ error: 'Enter the code' }).trim().min(6, 'Enter the 6-digit code or a recovery code').max(40),
});

/** A staff sign-in step's answer: signed in, or a second factor is wanted (`challenge` carries the first step). */
export const staffLoginResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  expiresAt: z.string().optional(),
  challenge: z.string().optional(),
  /** `totp`: enter a code (or use a passkey when `passkey`); `passkey`: confirm with a passkey; `enrol`: two factors are required and this member has none yet. */
  second_factor: z.enum(['totp', 'passkey', 'enrol']).optional(),
  /** The member has a passkey: it works as the second factor too. */
  passkey: z.boolean().optional(),
  /** After enrolling during sign-in: the recovery codes, shown this once. */
  recovery_codes: z.array(z.string()).optional(),
});
export type StaffLoginResponse = z.infer<typeof staffLoginResponseSchema>;

export const meResponseSchema = z.object({
  role: z.enum(ROLES),
  email: z.string().nullable(),
  member_id: z.number().nullable(),
  permissions: z.array(z.string()),
  two_factor: z.boolean(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

export const enrolSchema = z.object({ challenge: z.string({ error: 'Sign in with your password first' }).min(20).max(200) });
export const totpSetupResponseSchema = z.object({ secret: z.string(), uri: z.string() });
export const totpConfirmSchema = z.object({
  code: z
    .string({ error: 'Enter the 6-digit code' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
});
export const recoveryCodesResponseSchema = z.object({ recovery_codes: z.array(z.string()) });

export const sessionSchema = z.object({
  id: z.number(),
  member_id: z.number().nullable(),
  who: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  current: z.boolean(),
});
export const sessionsResponseSchema = z.object({ sessions: z.array(sessionSchema) });
export type AdminSession = z.infer<typeof sessionSchema>;

const scope = z.enum(API_KEY_SCOPES as [Permission, ...Permission[]], { error: `Each scope must be one of: ${API_KEY_SCOPES.join(', ')}` });

export const createApiKeySchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'The name is too long'),
  scopes: z.array(scope, { error: 'Choose at least one scope' }).min(1, 'Choose at least one scope').max(API_KEY_SCOPES.length),
  /** Optional expiry, a UTC ISO-8601 time in the future. */
  expires_at: z.iso.datetime({ error: 'expires_at must be a UTC ISO-8601 time, e.g. 2027-01-31T00:00:00Z' }).nullable().optional(),
});
export type CreateApiKey = z.infer<typeof createApiKeySchema>;

export const apiKeySchema = z.object({
  id: z.number(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.string()),
  created_by: z.string(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeysResponseSchema = z.object({ keys: z.array(apiKeySchema) });
/** Answered once, when the key is made: `token` is never shown again. */
export const createdApiKeySchema = apiKeySchema.extend({ token: z.string() });

/**
 * The owner hands ownership to an admin member (docs/team.md): confirmed with the owner's password; `email` is the
 * address the former owner signs in with from then on, as an admin, on the "Staff sign-in" mode.
 */
export const transferOwnershipSchema = z.object({
  member_id: idField('member_id'),
  password: z.string({ error: 'Enter your password to confirm' }).min(1, 'Enter your password to confirm').max(200),
  email,
});
export const transferOwnershipResponseSchema = z.object({ success: z.boolean(), owner: z.string(), your_email: z.string(), message: z.string() });
export type TransferOwnership = z.infer<typeof transferOwnershipSchema>;
