// A day of a shop's growing tables for bench/retention-year.ts (docs/big-shop.md, "Retention"): the rows a
// 100,000-licence shop writes in a day, times the bench's scale. Full-scale rates (per day):
// - activity: 100,000 `license_verified` (server/modules/licenses/machine.service.ts writes one per checked site per
//   UTC day; every licence on one site, checked daily) and 1,000 others (orders, licences, sign-ins);
// - site reports: 3,300 update reports (a release a month reaching every site over 30 days; one in 50 a failure)
//   and 30 deactivation answers;
// - webhook deliveries: 2,000 (about 330 orders and renewals a day, 3 events each, 2 endpoints), about 700 bytes each;
// - e-mails: 2,000 (receipts, licence e-mails, renewal reminders), about 1.2 kB of text and 4 kB of HTML each.
import type { Kysely } from 'kysely';
import type { DB } from '../server/db/schema.js';

export const FULL_DAY = { activity: 101_000, reports: 3_300, reasons: 30, deliveries: 2_000, emails: 2_000 } as const;
export type DayCounts = Record<keyof typeof FULL_DAY, number>;
export const scaledDay = (scale: number): DayCounts =>
  Object.fromEntries(Object.entries(FULL_DAY).map(([name, n]) => [name, Math.max(1, Math.round(n * scale))])) as DayCounts;

/** What the rows point at: licences with one site each, a release, a webhook endpoint. */
export interface Shop {
  licenses: Array<{ id: number; key: string; site: string }>;
  /** A release a month (a site reports each release once); the last for the full-scale day. */
  releaseIds: number[];
  endpointId: number;
}

const BATCH = 500;
const PARAGRAPH =
  'Thank you for your purchase. Your licence key is below; enter it on the plugin settings page of each site. Updates arrive through the WordPress dashboard while the licence is active. ';

/** A delivery that is done: answered at its first attempt, nothing left to claim. */
const FINISHED = { attempts: 1, next_attempt_at: null, lease_until: null, claim_token: null, last_status_code: 200, last_error: null } as const;

/** Inserts the rows BATCH at a time. */
async function inChunks<R>(rows: R[], insert: (chunk: R[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) await insert(rows.slice(start, start + BATCH));
}

/** Writes one day's rows, their times spread over the day that starts at `dayStart`. */
export async function writeDay(db: Kysely<DB>, shop: Shop, counts: DayCounts, dayStart: number, day: number): Promise<void> {
  const at = (i: number, n: number) => new Date(dayStart + Math.floor((i * 86_399_000) / n)).toISOString();
  const lic = (i: number) => shop.licenses[(i * 7919 + day * 104_729) % shop.licenses.length]!;
  // Each site reports a release once: the month's sites follow on from the day before's, a site name made anew past the end.
  const month = Math.floor(day / 30);
  const releaseId = shop.releaseIds[Math.min(month, shop.releaseIds.length - 1)]!;
  const reporter = (i: number, count: number, from: number) => {
    const n = (day % 30) * count + i + from;
    const { id, site } = shop.licenses[n % shop.licenses.length]!;
    return { release_id: releaseId, license_id: id, site_url: n < shop.licenses.length ? site : `${Math.floor(n / shop.licenses.length)}.${site}` };
  };
  await db.transaction().execute(async (trx) => {
    await inChunks(
      Array.from({ length: counts.activity }, (_, i) => {
        const { key, site } = lic(i);
        const other = i % 101 === 100;
        return {
          action_type: other ? 'license_created' : 'license_verified',
          details: JSON.stringify(
            other ? { license_key: key, plugin_slug: 'postcode-delivery-zones', plan: 'pro_yearly' } : { license_key: key, site_url: site },
          ),
          created_at: at(i, counts.activity),
        };
      }),
      (chunk) => trx.insertInto('activities').values(chunk).execute(),
    );
    await inChunks(
      Array.from({ length: counts.reports }, (_, i) => ({
        ...reporter(i, counts.reports, 0),
        succeeded: i % 50 === 7 ? 0 : 1,
        running_version: i % 50 === 7 ? '2.3.0' : '2.4.0',
        fatal_errors: i % 50 === 7 ? JSON.stringify([{ message: 'Call to undefined function wc_get_order()', file: 'includes/zones.php', line: 214 }]) : '[]',
        created_at: at(i, counts.reports),
      })),
      (chunk) => trx.insertInto('release_health_reports').values(chunk).execute(),
    );
    await inChunks(
      Array.from({ length: counts.reasons }, (_, i) => ({
        ...reporter(i, counts.reasons, 0),
        reason: 'No longer needed',
        details: i % 3 === 0 ? 'Moved the shop to another platform.' : null,
        created_at: at(i, counts.reasons),
      })),
      (chunk) => trx.insertInto('release_deactivation_reasons').values(chunk).execute(),
    );
    await inChunks(
      Array.from({ length: counts.deliveries }, (_, i) => {
        const { key } = lic(i);
        const body = JSON.stringify({
          id: `evt_${day}_${i >> 1}`,
          type: 'license.created',
          created_at: at(i, counts.deliveries),
          data: { license: { key, plugin_slug: 'postcode-delivery-zones', plan: 'pro_yearly', status: 'active', max_activations: 3 } },
          customer: { email: `buyer${i}@example.com`, name: 'A Buyer' },
          order: {
            id: day * 10_000 + i,
            total: 4900,
            currency: 'GBP',
            tax: 980,
            lines: [{ plugin_slug: 'postcode-delivery-zones', tier: 'pro', quantity: 1 }],
          },
        });
        return {
          endpoint_id: shop.endpointId,
          event_id: `evt_${day}_${i >> 1}`,
          event_type: 'license.created',
          body: body + ' '.repeat(Math.max(0, 700 - body.length)),
          status: i % 100 === 0 ? 'failed' : 'delivered',
          ...FINISHED,
          created_at: at(i, counts.deliveries),
          updated_at: at(i, counts.deliveries),
          delivered_at: at(i, counts.deliveries),
        };
      }),
      (chunk) => trx.insertInto('webhook_deliveries').values(chunk).execute(),
    );
    await inChunks(
      Array.from({ length: counts.emails }, (_, i) => {
        const { key } = lic(i);
        const text = `Hello,\n\n${PARAGRAPH.repeat(6)}\nLicence key: ${key}\nOrder ${day}-${i}\n`;
        return {
          to_address: `buyer${day}.${i}@example.com`,
          kind: 'licence',
          order_id: null,
          dedupe_key: null,
          subject: `Your licence for Postcode Delivery Zones (order ${day}-${i})`,
          text,
          html: `<!doctype html><html><body style="font-family:sans-serif"><table role="presentation" width="100%"><tr><td>${`<p style="margin:0 0 12px">${PARAGRAPH}</p>`.repeat(16)}<p><code>${key}</code></p></td></tr></table></body></html>`,
          status: 'sent',
          attempts: 1,
          last_error: null,
          created_at: at(i, counts.emails),
          updated_at: at(i, counts.emails),
          sent_at: at(i, counts.emails),
        };
      }),
      (chunk) => trx.insertInto('emails').values(chunk).execute(),
    );
  });
}
