import { renderMarkdown } from '../../../common/markdown.js';
import type { DemoIdentityChange } from '../../../common/plugin-admin.js';
import { readStoreIdentity, STORE_IDENTITY_KEY, type StoreIdentity } from '../../../common/store-identity.js';
import { STORE_PAGE_INFO, STORE_PAGE_SLUGS, type StorePageSlug } from '../../../common/store-pages.js';
import type { Database } from '../../db/database.js';
import { demoStorePages } from '../../db/demo-pages.js';
import type { Unit } from '../../kernel/events.js';
import { nowIso } from '../../lib/time.js';
import { readSetting, writeSettings } from '../settings/index.js';
import { DEMO_IDENTITY_FIELDS, DEMO_IDENTITY_LABELS, starterIdentity, starterPages, type StarterPage } from './starter-content.js';
import { listStorePageRows, saveStorePage, type StorePageRow } from './store-pages.repository.js';

// "Remove demo content" also replaces the demo vendor's identity and pages (issue 40; docs/storefront.md): every
// identity field still at the demo's value, and every page still holding the demo's text, get neutral starting texts
// (starter-content.ts). What the vendor already changed is theirs and stays. The preview and the change read the
// same rows, so what the dialog lists is what is written.

const NONE = '(none)';
const shown = (value: string | number | null): string => (value === null || value === '' ? NONE : String(value));

/** "About 8022 Plugins: We build focused…" cut to a line the dialog can show. */
function excerpt(page: Pick<StarterPage, 'title' | 'lead' | 'markdown'> & { faq: Array<{ question: string }> }): string {
  const body = page.lead || page.markdown || page.faq.map((entry) => entry.question).join(' ') || '';
  const text = `${page.title}: ${body.replace(/[#*[\]()]/g, '').replace(/\s+/g, ' ')}`.trim();
  return text.length > 140 ? `${text.slice(0, 139)}…` : text;
}

const readFaq = (json: string): Array<{ question: string; answer: string }> => {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? (parsed as Array<{ question: string; answer: string }>) : [];
  } catch {
    return [];
  }
};

/** The pages whose stored text is still the demo seed's (server/db/demo-pages.ts). */
async function demoPageRows(db: Database): Promise<Map<StorePageSlug, StorePageRow>> {
  const demo = new Map(demoStorePages('').map((page) => [page.slug, page]));
  const found = new Map<StorePageSlug, StorePageRow>();
  for (const row of await listStorePageRows(db)) {
    const seeded = demo.get(row.slug);
    if (!seeded || !(STORE_PAGE_SLUGS as readonly string[]).includes(row.slug)) continue;
    if (row.title === seeded.title && row.lead === seeded.lead && row.markdown === seeded.markdown && row.faq === seeded.faq)
      found.set(row.slug as StorePageSlug, row);
  }
  return found;
}

interface Plan {
  identity: StoreIdentity;
  next: StoreIdentity;
  pages: Map<StorePageSlug, { row: StorePageRow; starter: StarterPage }>;
}

async function plan(db: Database): Promise<Plan> {
  const identity = readStoreIdentity(await readSetting(db, STORE_IDENTITY_KEY));
  const next = starterIdentity(identity);
  const starters = starterPages(next);
  const pages = new Map([...(await demoPageRows(db))].map(([slug, row]) => [slug, { row, starter: starters[slug] }]));
  return { identity, next, pages };
}

/** What replacing the demo identity would change, old → new; empty when nothing of the demo vendor is left. */
export async function demoIdentityChanges(db: Database): Promise<DemoIdentityChange[]> {
  const { identity, next, pages } = await plan(db);
  const changes: DemoIdentityChange[] = DEMO_IDENTITY_FIELDS.filter((field) => identity[field] !== next[field]).map((field) => ({
    label: DEMO_IDENTITY_LABELS[field],
    from: shown(identity[field]),
    to: shown(next[field]),
  }));
  for (const [slug, { row, starter }] of pages)
    changes.push({ label: `${STORE_PAGE_INFO[slug].name} page`, from: excerpt({ ...row, faq: readFaq(row.faq) }), to: excerpt(starter) });
  return changes;
}

/** Writes the neutral identity and pages in the caller's unit; answers how many things changed. The caller reloads the settings cache after the commit. */
export async function replaceDemoIdentity(unit: Unit): Promise<number> {
  const { identity, next, pages } = await plan(unit.trx);
  const fields = DEMO_IDENTITY_FIELDS.filter((field) => identity[field] !== next[field]);
  if (fields.length > 0) await writeSettings(unit.trx, { [STORE_IDENTITY_KEY]: next });
  const now = nowIso();
  for (const [slug, { starter }] of pages)
    await saveStorePage(unit.trx, { slug, ...starter, faq: JSON.stringify(starter.faq), html: renderMarkdown(starter.markdown), updated_at: now });
  return fields.length + pages.size;
}
