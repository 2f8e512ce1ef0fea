import type { Activity } from '@common/licenses';

const TITLES: Record<string, string> = {
  license_created: 'New license created',
  license_activated: 'License activated',
  license_deactivated: 'License deactivated',
  license_updated: 'License updated',
  license_verified: 'License verified',
  license_revoked: 'License revoked',
  licenses_imported: 'Licenses imported',
  shop_imported: 'Shop export imported',
  release_uploaded: 'Release uploaded',
  release_withdrawn: 'Release withdrawn',
  release_rolled_back: 'Release withdrawn, previous release offered',
  release_restored: 'Release restored',
  release_deleted: 'Release deleted',
  release_rollout_changed: 'Release rollout changed',
  release_rollout_paused: 'Release rollout paused',
  plugin_created: 'Plugin created',
  demo_content_removed: 'Demo content removed',
  plugin_updated: 'Plugin updated',
  plugin_retired: 'Plugin retired',
  // Sentence case like the specification's titles (the fallback below would read "Order Paid").
  order_paid: 'Order paid',
  order_refunded: 'Order refunded',
  order_cancelled: 'Order cancelled',
  customer_signed_in: 'Customer signed in',
  // Automatic renewal (docs/pricing.md): the fallback would read "Auto Renew Disabled".
  auto_renew_enabled: 'Automatic renewal turned on',
  auto_renew_disabled: 'Automatic renewal turned off',
  auto_renew_charged: 'Automatic renewal charged',
  auto_renew_failed: 'Automatic renewal payment failed',
  auto_renew_stopped: 'Automatic renewal stopped',
};

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** The two lines of an activity row (docs/product-spec.md section 4): any other type reads with spaces and capitals. */
export function activityText(activity: Pick<Activity, 'action_type' | 'details'>): { title: string; secondary: string | null } {
  const { action_type: type, details } = activity;
  const title =
    TITLES[type] ??
    type
      .split('_')
      .map((word) => (word ? word[0]!.toUpperCase() + word.slice(1) : word))
      .join(' ');
  switch (type) {
    case 'license_created':
    case 'license_updated':
    case 'license_revoked':
      return { title, secondary: text(details.license_key) };
    case 'license_activated':
    case 'license_deactivated':
    case 'license_verified':
      return { title, secondary: text(details.site_url) };
    case 'release_uploaded':
      return { title, secondary: text(details.version) ? `Version ${text(details.version)}` : null };
    case 'release_withdrawn':
    case 'release_rolled_back':
    case 'release_restored':
    case 'release_deleted':
    case 'release_rollout_changed':
    case 'release_rollout_paused': {
      const version = text(details.version) ? `Version ${text(details.version)}` : null;
      const slug = text(details.plugin_slug);
      return { title, secondary: version && slug ? `${version} of ${slug}` : (version ?? slug) };
    }
    case 'plugin_created':
    case 'plugin_updated':
    case 'plugin_retired': {
      const slug = text(details.plugin_slug);
      const previous = text(details.previous_slug);
      return { title, secondary: slug && previous ? `${slug} (was ${previous})` : slug };
    }
    case 'order_paid':
    case 'order_cancelled':
    case 'order_refunded': {
      // The order number as customers see it (docs/account.md), and who bought.
      const order = typeof details.order_id === 'number' ? `Order ${details.order_id}` : null;
      const email = text(details.email);
      return { title, secondary: order && email ? `${order} · ${email}` : (order ?? email) };
    }
    case 'auto_renew_enabled':
    case 'auto_renew_disabled': {
      // Which licence, and who switched it: the buyer (customer), the admin, or a checkout with the box ticked.
      const licence = text(details.license_key) ?? (typeof details.license_id === 'number' ? `Licence ${details.license_id}` : null);
      const by = text(details.by) ? `by ${text(details.by)}` : null;
      return { title, secondary: licence && by ? `${licence} · ${by}` : (licence ?? by) };
    }
    case 'customer_signed_in':
      return { title, secondary: text(details.email) };
    case 'demo_content_removed':
      return { title, secondary: Array.isArray(details.plugins) ? details.plugins.filter((slug) => typeof slug === 'string').join(', ') : null };
    default:
      return { title, secondary: text(details.site_url) ?? text(details.license_key) ?? (text(details.version) ? `Version ${text(details.version)}` : null) };
  }
}

/** Minutes ago under an hour, hours ago under a day, otherwise days ago. */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(iso).getTime()) / 60_000));
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'} ago`;
  if (minutes < 60) return unit(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return unit(hours, 'hour');
  return unit(Math.floor(hours / 24), 'day');
}
