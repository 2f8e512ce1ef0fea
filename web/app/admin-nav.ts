import {
  Cog,
  Contact,
  CreditCard,
  FileArchive,
  FileCode,
  FileUp,
  FlaskConical,
  KeyRound,
  Inbox,
  LayoutDashboard,
  Mail,
  MapPin,
  Package,
  Puzzle,
  TicketPercent,
  Landmark,
  ShoppingBag,
  Star,
  Store,
  Users,
  Webhook,
  type LucideIcon,
} from 'lucide-react';
import type { Permission } from '@common/permissions';

export interface AdminNavEntry {
  title: string;
  path: string;
  icon: LucideIcon;
  /** Other paths on which this entry is active. */
  aliases?: string[];
  /** A test tool of the demo plugin: listed only while that plugin is in the catalogue (its page keeps answering). */
  demoTool?: boolean;
  /** What the page needs (common/permissions.ts): hidden from a role without it. None: every role. */
  permission?: Permission;
}

export interface AdminNavGroup {
  label: string;
  entries: AdminNavEntry[];
}

/**
 * The sidebar (docs/product-spec.md section 2): the specification's seven entries first, in its order, in the group
 * Management; the pages beyond the specification in named groups below it, so the list still reads at 15 entries.
 */
export const ADMIN_NAV_GROUPS: AdminNavGroup[] = [
  {
    label: 'Management',
    entries: [
      { title: 'Dashboard', path: '/admin', icon: LayoutDashboard },
      { title: 'Licenses', path: '/licenses', icon: KeyRound, permission: 'licenses:read' },
      { title: 'Releases', path: '/releases', icon: FileArchive, permission: 'releases:read' },
      { title: 'Plugin Settings', path: '/plugin-settings', icon: Puzzle, permission: 'plugins:read' },
      { title: 'Settings', path: '/settings', icon: Cog, permission: 'settings:read' },
      { title: 'Postcode Testing', path: '/postcode-testing', icon: MapPin, permission: 'tools:use', demoTool: true },
      { title: 'E-commerce Testing', path: '/ecommerce-testing', icon: FlaskConical, permission: 'tools:use', demoTool: true },
    ],
  },
  {
    label: 'Sales',
    entries: [
      { title: 'Orders', path: '/orders', icon: ShoppingBag, permission: 'orders:read' },
      { title: 'Customers', path: '/customers', icon: Contact, permission: 'customers:read' },
      { title: 'Coupons', path: '/coupons', icon: TicketPercent, permission: 'coupons:read' },
      { title: 'Tax', path: '/tax', icon: Landmark, permission: 'invoices:read' },
    ],
  },
  {
    label: 'Shop',
    entries: [
      { title: 'Plugins', path: '/plugins', icon: Package, permission: 'plugins:read' },
      { title: 'Storefront', path: '/storefront', icon: Store, permission: 'settings:read' },
      { title: 'Payments', path: '/payments', icon: CreditCard, permission: 'settings:write' },
      { title: 'E-mail', path: '/email', icon: Mail, permission: 'settings:write' },
      { title: 'Reviews', path: '/reviews', icon: Star, permission: 'reviews:moderate' },
    ],
  },
  {
    label: 'Connections',
    entries: [
      { title: 'WordPress client', path: '/wordpress-client', icon: FileCode, permission: 'tools:use' },
      { title: 'Webhooks', path: '/webhooks', icon: Webhook, permission: 'settings:read' },
      { title: 'Outbox', path: '/outbox', icon: Inbox, permission: 'emails:resend' },
      { title: 'Import', path: '/import', icon: FileUp, permission: 'settings:write' },
      { title: 'Team', path: '/team', icon: Users },
    ],
  },
];

/** Every entry of every group, in the sidebar's order. */
export const ADMIN_NAV: AdminNavEntry[] = ADMIN_NAV_GROUPS.flatMap((group) => group.entries);

/** The groups with only the entries `permissions` open (the owner's list holds every permission). */
export const navGroupsFor = (permissions: readonly string[] | undefined, groups: readonly AdminNavGroup[] = ADMIN_NAV_GROUPS): AdminNavGroup[] =>
  groups
    .map((group) => ({
      ...group,
      entries: group.entries.filter((entry) => !entry.permission || !permissions || permissions.includes(entry.permission)),
    }))
    .filter((group) => group.entries.length > 0);

export const isNavEntryActive = (entry: AdminNavEntry, path: string): boolean =>
  path === entry.path || path.startsWith(`${entry.path}/`) || (entry.aliases ?? []).includes(path);

/** The demo plugin whose delivery-zone tools the two testing pages are (server/db/seed.ts). */
export const DEMO_TOOLS_PLUGIN_SLUG = 'postcode-delivery-zones';

/**
 * The sidebar of a shop (issue 40): the demo plugin's test tools only while that plugin is in the catalogue
 * (present and not retired); a shop that does not sell it is not shown UK delivery-zone tools.
 */
export function visibleNavGroups(plugins: readonly { slug: string; retired_at: string | null }[]): AdminNavGroup[] {
  const demoInCatalog = plugins.some((plugin) => plugin.slug === DEMO_TOOLS_PLUGIN_SLUG && plugin.retired_at === null);
  return ADMIN_NAV_GROUPS.map((group) => ({ ...group, entries: group.entries.filter((entry) => demoInCatalog || !entry.demoTool) }));
}
