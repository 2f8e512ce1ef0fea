import {
  Cog,
  Contact,
  FileArchive,
  FileCode,
  FileUp,
  FlaskConical,
  KeyRound,
  Inbox,
  LayoutDashboard,
  MapPin,
  Package,
  Puzzle,
  TicketPercent,
  Landmark,
  ShoppingBag,
  Star,
  Store,
  Webhook,
  type LucideIcon,
} from 'lucide-react';

export interface AdminNavEntry {
  title: string;
  path: string;
  icon: LucideIcon;
  /** Other paths on which this entry is active. */
  aliases?: string[];
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
      { title: 'Licenses', path: '/licenses', icon: KeyRound },
      { title: 'Releases', path: '/releases', icon: FileArchive },
      { title: 'Plugin Settings', path: '/plugin-settings', icon: Puzzle },
      { title: 'Settings', path: '/settings', icon: Cog },
      { title: 'Postcode Testing', path: '/postcode-testing', icon: MapPin },
      { title: 'E-commerce Testing', path: '/ecommerce-testing', icon: FlaskConical },
    ],
  },
  {
    label: 'Sales',
    entries: [
      { title: 'Orders', path: '/orders', icon: ShoppingBag },
      { title: 'Customers', path: '/customers', icon: Contact },
      { title: 'Coupons', path: '/coupons', icon: TicketPercent },
      { title: 'Tax', path: '/tax', icon: Landmark },
    ],
  },
  {
    label: 'Shop',
    entries: [
      { title: 'Plugins', path: '/plugins', icon: Package },
      { title: 'Storefront', path: '/storefront', icon: Store },
      { title: 'Reviews', path: '/reviews', icon: Star },
    ],
  },
  {
    label: 'Connections',
    entries: [
      { title: 'WordPress client', path: '/wordpress-client', icon: FileCode },
      { title: 'Webhooks', path: '/webhooks', icon: Webhook },
      { title: 'Outbox', path: '/outbox', icon: Inbox },
      { title: 'Import', path: '/import', icon: FileUp },
    ],
  },
];

/** Every entry of every group, in the sidebar's order. */
export const ADMIN_NAV: AdminNavEntry[] = ADMIN_NAV_GROUPS.flatMap((group) => group.entries);

export const isNavEntryActive = (entry: AdminNavEntry, path: string): boolean =>
  path === entry.path || path.startsWith(`${entry.path}/`) || (entry.aliases ?? []).includes(path);
