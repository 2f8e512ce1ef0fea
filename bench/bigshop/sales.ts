// The big shop's sales (bench/bigshop.ts): the catalogue (4 plugins, 3 tiers each), N licences, their N orders (2 %
// refunded, their licences revoked) and 0.2N renewal orders of the oldest yearly licences.
import type { Kysely } from 'kysely';
import type { DB } from '../../server/db/schema.js';
import { DAY, N, now, PLUGINS, RENEWALS, TIERS } from './options.js';
import { created, customerOf, d, email, fill, isRenewed, key, pick, plugin, refunded, renewed, table, tier } from './sql.js';

export async function generateSales(db: Kysely<DB>): Promise<void> {
  const iso = new Date(now * 1000).toISOString();
  await db
    .insertInto('plugins')
    .values(
      PLUGINS.map((slug, n) => ({
        slug,
        name: `Bench ${slug.slice(6)}`,
        description: 'A plugin of the generated big shop.',
        current_version: '2.0.0',
        active: 1,
        pricing_active: 1,
        is_free: 0,
        currency: 'GBP',
        price: 4900,
        category: n % 2 ? 'shipping' : 'developer-tools',
        rating: 4.5,
        review_count: 0,
        downloads_label: '',
        is_popular: 0,
        is_featured: 0,
        features: '[]',
        benefits: '[]',
        requirements: '[]',
        use_cases: '[]',
        created_at: iso,
        updated_at: iso,
      })),
    )
    .execute();
  const prices = await db
    .insertInto('plugin_prices')
    .values(
      PLUGINS.flatMap((slug) =>
        TIERS.map((t, n) => ({
          plugin_slug: slug,
          name: t.name,
          sites: t.sites,
          term: t.term,
          amount: t.amount,
          sale_amount: null,
          currency: 'GBP',
          renewal_discount_percent: 20,
          active: 1,
          sort_order: n,
          created_at: iso,
          updated_at: iso,
        })),
      ),
    )
    .returning(['id', 'plugin_slug', 'sort_order'])
    .execute();
  const priceIds = PLUGINS.flatMap((slug) => TIERS.map((_, n) => prices.find((p) => p.plugin_slug === slug && p.sort_order === n)?.id ?? 0));
  const priceOf = (i: string) => pick(`(((${i}) / 3) % 4) * 3 + (${i}) % 3`, priceIds);

  const expires = (i: string) =>
    `case when ${tier(i)} = 0 then null else ${d.iso(`${created(i)} + case when ${isRenewed(i)} then ${730 * DAY} else ${365 * DAY} end`)} end`;
  await fill(
    db,
    'licenses',
    N,
    ...table({
      id: 'i',
      key: key('i'),
      plugin_slug: plugin('i'),
      plan: pick(
        tier('i'),
        TIERS.map((t) => t.plan),
      ),
      status: `case when ${refunded('i')} then 'revoked' else 'active' end`,
      max_activations: pick(
        tier('i'),
        TIERS.map((t) => t.sites),
      ),
      expires_at: expires('i'),
      customer_email: email(customerOf('i')),
      order_id: 'i',
      created_at: d.iso(created('i')),
      updated_at: d.iso(created('i')),
      price_id: priceOf('i'),
    }),
  );
  await fill(
    db,
    'orders',
    N,
    ...table({
      id: 'i',
      email: email(customerOf('i')),
      plugin_slug: plugin('i'),
      amount: pick(
        tier('i'),
        TIERS.map((t) => t.amount),
      ),
      currency: `'GBP'`,
      status: `case when ${refunded('i')} then 'refunded' else 'paid' end`,
      provider: `'stripe'`,
      provider_ref: `'pi_bench_' || i`,
      license_id: 'i',
      created_at: d.iso(created('i')),
      paid_at: d.iso(created('i')),
      updated_at: d.iso(`${created('i')} + case when ${refunded('i')} then ${3 * DAY} else 0 end`),
      price_id: priceOf('i'),
      kind: `'new'`,
    }),
  );
  const r = renewed('i');
  await fill(
    db,
    'orders',
    RENEWALS,
    ...table({
      id: `${N} + i`,
      email: email(customerOf(r)),
      plugin_slug: plugin(r),
      amount: `${pick(
        tier(r),
        TIERS.map((t) => t.amount),
      )} * 8 / 10`,
      currency: `'GBP'`,
      status: `'paid'`,
      provider: `'stripe'`,
      provider_ref: `'pi_bench_renewal_' || i`,
      created_at: d.iso(`${created(r)} + ${358 * DAY}`),
      paid_at: d.iso(`${created(r)} + ${358 * DAY}`),
      updated_at: d.iso(`${created(r)} + ${358 * DAY}`),
      price_id: priceOf(r),
      kind: `'renewal'`,
      target_license_id: r,
    }),
  );
}
