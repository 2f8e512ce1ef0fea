// Who may do what in the admin (issue 42): the one permission table. The server's admin guard
// (server/http/admin-guard.ts) checks every admin route's declared permission against it, the admin navigation
// hides what the signed-in role cannot use, and docs/team.md's table is checked against it by a test.

export const ROLES = ['owner', 'admin', 'developer', 'support', 'accountant'] as const;
export type Role = (typeof ROLES)[number];
/** The roles the owner can give a member (there is one owner: the password of the specification's login). */
export const MEMBER_ROLES = ['admin', 'developer', 'support', 'accountant'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  admin: 'Admin',
  developer: 'Developer',
  support: 'Support',
  accountant: 'Accountant',
};

/** Each permission, what it opens, and the roles holding it besides the owner, who holds every one. */
export const PERMISSIONS = {
  'team:manage': { description: 'Staff accounts, roles, the owner password, two-factor policy, anyone’s sessions', roles: [] },
  'self:manage': { description: 'One’s own profile, sessions and two-factor sign-in', roles: ['admin', 'developer', 'support', 'accountant'] },
  'api-keys:manage': { description: 'API keys: create, list, revoke', roles: ['admin'] },
  'audit:read': { description: 'The audit log: search, verify, export', roles: ['admin'] },
  'settings:read': { description: 'Settings, shop address, storefront, pages, webhooks, setup checklist', roles: ['admin'] },
  'settings:write': { description: 'Change settings, storefront, pages, webhook endpoints, imports and export', roles: ['admin'] },
  'plugins:read': { description: 'Plugins, their images and price tiers', roles: ['admin', 'developer', 'support', 'accountant'] },
  'plugins:write': { description: 'Create and edit plugins and their images', roles: ['admin', 'developer'] },
  'prices:write': { description: 'Price tiers', roles: ['admin'] },
  'releases:read': { description: 'Releases, rollouts, release health, release downloads', roles: ['admin', 'developer'] },
  'releases:write': { description: 'Upload, edit, withdraw releases; rollouts', roles: ['admin', 'developer'] },
  'tools:use': { description: 'Test tools (postcode, e-commerce) and the WordPress client library', roles: ['admin', 'developer'] },
  'licenses:read': { description: 'Licences and their sites', roles: ['admin', 'support', 'accountant'] },
  'licenses:write': { description: 'Create, edit, revoke licences; remove sites; automatic renewal', roles: ['admin', 'support'] },
  'customers:read': { description: 'Customers', roles: ['admin', 'support', 'accountant'] },
  'customers:write': { description: 'Customer support actions: sign-in links, e-mail change, merge, transfer, resend', roles: ['admin', 'support'] },
  'customers:erase': { description: 'Export and erase a customer’s personal data', roles: ['admin'] },
  'orders:read': { description: 'Orders and unmatched payment events', roles: ['admin', 'support', 'accountant'] },
  'orders:refund': { description: 'Refunds', roles: ['admin', 'accountant'] },
  'emails:resend': { description: 'The e-mail outbox; resending e-mails', roles: ['admin', 'support'] },
  'revenue:read': { description: 'Dashboard figures, analytics and the activity feed', roles: ['admin', 'accountant'] },
  'invoices:read': { description: 'Invoices, credit notes and the tax report', roles: ['admin', 'accountant'] },
  'coupons:read': { description: 'Coupons', roles: ['admin', 'accountant'] },
  'coupons:write': { description: 'Create and edit coupons', roles: ['admin'] },
  'reviews:moderate': { description: 'Review moderation', roles: ['admin', 'support'] },
} as const satisfies Record<string, { description: string; roles: readonly MemberRole[] }>;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

/** Whether a role holds a permission. */
export function roleAllows(role: Role, permission: Permission): boolean {
  return role === 'owner' || (PERMISSIONS[permission].roles as readonly Role[]).includes(role);
}

/** The permissions an API key may carry: none that manages people, keys or one's own account. */
export const API_KEY_SCOPES = PERMISSION_NAMES.filter((name) => name !== 'team:manage' && name !== 'self:manage' && name !== 'api-keys:manage');

/** Whether a key's scopes open a route: its own permission, or `x:read` where the key has `x:write`. */
export function scopesAllow(scopes: readonly string[], permission: Permission): boolean {
  if (scopes.includes(permission)) return true;
  return permission.endsWith(':read') && scopes.includes(permission.replace(/:read$/, ':write'));
}
