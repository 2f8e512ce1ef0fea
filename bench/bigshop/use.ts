// The big shop's use (bench/bigshop.ts): 3N activations with their site reports, 0.1N ended ones, 2N e-mails, a year
// of activity and of webhook deliveries (N rows each), and the customers' summary made from the licences and orders.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../server/db/schema.js';
import { C, DAY, dialect, N, now, RENEWALS } from './options.js';
import { benchWebhookEndpoint } from './endpoint.js';
import { created, customerOf, d, email, fill, key, pick, table } from './sql.js';

export async function generateUse(db: Kysely<DB>): Promise<void> {
  const iso = new Date(now * 1000).toISOString();
  // Activation k (1..3N): licence (k-1)/3+1, slot (k-1)%3.
  const lic = '((i - 1) / 3 + 1)';
  const slot = '((i - 1) % 3)';
  await fill(
    db,
    'license_activations',
    3 * N,
    ...table({
      id: 'i',
      license_id: lic,
      site_url: `'site' || ${lic} || '-' || ${slot} || '.shop' || (${lic} % 89) || '.example.com'`,
      is_local: `case when ${slot} = 2 and ${lic} % 4 = 0 then 1 else 0 end`,
      environment: `case when ${slot} = 2 and ${lic} % 4 = 0 then 'staging' else null end`,
      created_at: d.iso(`${created(lic)} + ${slot} * ${DAY}`),
      last_checked_at: d.iso(`${now} - (i % 86400)`),
      installed_version: pick('i % 4', ['1.9.0', '2.0.0', '2.0.0', '1.8.3']),
      wp_version: pick('i % 3', ['6.8', '6.7.2', '6.6']),
      php_version: pick('i % 3', ['8.3', '8.2', '7.4']),
      reported_at: d.iso(`${now} - (i % ${365 * DAY})`),
    }),
  );
  await fill(
    db,
    'ended_activations',
    Math.floor(N / 10),
    ...table({
      license_id: 'i * 10',
      site_url: `'old-site' || i || '.example.com'`,
      is_local: '0',
      activated_at: d.iso(created('i * 10')),
      deactivated_at: d.iso(`${created('i * 10')} + ${60 * DAY}`),
    }),
  );
  // E-mails: e (1..2N) is a licence e-mail (e ≤ N), a renewal receipt, a reminder or a sign-in link.
  const body = `'Thank you for your order. Your licence key and download link are below; keep this e-mail for your records. Reply to it if anything is unclear.'`;
  await fill(
    db,
    'emails',
    2 * N,
    ...table({
      to_address: `case when i <= ${N} then ${email(customerOf('i'))} else ${email(customerOf(`i - ${N}`))} end`,
      kind: `case when i <= ${N} then 'licence' when i <= ${N + RENEWALS} then 'renewal_receipt' when i <= ${N + 2 * RENEWALS} then 'renewal_reminder' else 'sign_in' end`,
      order_id: `case when i <= ${N} then i else null end`,
      subject: `case when i <= ${N} then 'Your licence key' else 'Your account' end`,
      text: body,
      html: `'<p>' || ${body} || '</p>'`,
      status: `'sent'`,
      attempts: '1',
      created_at: d.iso(`${created(`(i - 1) % ${N} + 1`)}`),
      updated_at: d.iso(`${created(`(i - 1) % ${N} + 1`)}`),
      sent_at: d.iso(`${created(`(i - 1) % ${N} + 1`)}`),
    }),
  );
  // A year of activity and of webhook deliveries, spread evenly over the last 365 days.
  const yearAt = (i: string) => `${now} - ${365 * DAY} + (${i}) * ${Math.floor((365 * DAY) / N)}`;
  await fill(
    db,
    'activities',
    N,
    ...table({
      action_type: pick('i % 4', ['license_created', 'order_paid', 'license_activated', 'customer_signed_in']),
      details: `'{"license_key":"' || ${key('i')} || '"}'`,
      created_at: d.iso(yearAt('i')),
    }),
  );
  const endpoint = await db.insertInto('webhook_endpoints').values(benchWebhookEndpoint(iso)).returning('id').executeTakeFirstOrThrow();
  await fill(
    db,
    'webhook_deliveries',
    N,
    ...table({
      endpoint_id: String(endpoint.id),
      event_id: `'evt_bench_' || i`,
      event_type: `'license.created'`,
      body: `'{"type":"license.created","data":{"license_key":"' || ${key('i')} || '"}}'`,
      status: `'delivered'`,
      attempts: '1',
      last_status_code: '200',
      created_at: d.iso(yearAt('i')),
      updated_at: d.iso(yearAt('i')),
      delivered_at: d.iso(yearAt('i')),
    }),
  );
  // Customers: the summary the customers module keeps, from the licences and orders just made.
  const began = performance.now();
  await sql
    .raw(
      `insert into customers (email, name, first_purchase_at, last_purchase_at, order_count, license_count, total_paid, currencies, search_text, created_at, updated_at)
       select l.email, case when l.c % 3 = 0 then null else 'Customer ' || l.c end, o.first_at, o.last_at, o.n, l.n, o.paid, 'GBP',
              l.email || case when l.c % 3 = 0 then '' else ' customer ' || l.c end || ' ' || l.keys, o.first_at, o.last_at
       from (select customer_email as email, count(*) as n, min(id) as c, ${dialect === 'postgres' ? `string_agg(lower(key), ' ')` : `group_concat(lower(key), ' ')`} as keys
             from licenses group by customer_email) l
       join (select email, count(*) as n, min(paid_at) as first_at, max(paid_at) as last_at, sum(case when status = 'paid' then amount else 0 end) as paid
             from orders group by email) o on o.email = l.email`,
    )
    .execute(db);
  console.log(`customers: ${C.toLocaleString('en-GB')} (${((performance.now() - began) / 1000).toFixed(1)} s)`);
  if (dialect === 'postgres') {
    for (const name of ['licenses', 'orders', 'license_activations', 'ended_activations', 'emails', 'activities', 'webhook_deliveries', 'customers']) {
      await sql.raw(`select setval(pg_get_serial_sequence('${name}', 'id'), (select max(id) from ${name}))`).execute(db);
    }
  }
}
