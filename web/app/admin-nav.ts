import {
  Cog,
  Contact,
  FileArchive,
  FileCode,
  FlaskConical,
  KeyRound,
  Inbox,
  LayoutDashboard,
  MapPin,
  Package,
  Puzzle,
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

/** The sidebar's entries (docs/product-spec.md section 2), plus Orders, Customers, Outbox, Plugins, WordPress client and Webhooks (beyond the specification). */
export const ADMIN_NAV: AdminNavEntry[] = [
  { title: 'Dashboard', path: '/admin', icon: LayoutDashboard },
  { title: 'Licenses', path: '/licenses', icon: KeyRound },
  { title: 'Releases', path: '/releases', icon: FileArchive },
  { title: 'Plugin Settings', path: '/plugin-settings', icon: Puzzle },
  { title: 'Settings', path: '/settings', icon: Cog },
  { title: 'Postcode Testing', path: '/postcode-testing', icon: MapPin },
  { title: 'E-commerce Testing', path: '/ecommerce-testing', icon: FlaskConical },
  { title: 'Orders', path: '/orders', icon: ShoppingBag },
  { title: 'Customers', path: '/customers', icon: Contact },
  { title: 'Outbox', path: '/outbox', icon: Inbox },
  { title: 'Plugins', path: '/plugins', icon: Package },
  { title: 'WordPress client', path: '/wordpress-client', icon: FileCode },
  { title: 'Webhooks', path: '/webhooks', icon: Webhook },
  { title: 'Storefront', path: '/storefront', icon: Store },
  { title: 'Reviews', path: '/reviews', icon: Star },
];

export const isNavEntryActive = (entry: AdminNavEntry, path: string): boolean =>
  path === entry.path || path.startsWith(`${entry.path}/`) || (entry.aliases ?? []).includes(path);
