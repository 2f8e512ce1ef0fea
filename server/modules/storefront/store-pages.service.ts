import { renderMarkdown } from '../../../common/markdown.js';
import { defaultStorePage, faqEntrySchema, type FaqEntry, type StorePage, type StorePageSlug, type StorePageUpdate } from '../../../common/store-pages.js';
import { STORE_PAGE_SLUGS } from '../../../common/store-pages.js';
import type { Database } from '../../db/database.js';
import { nowIso } from '../../lib/time.js';
import { findStorePage, listStorePageRows, saveStorePage, storeRenderedHtml, type StorePageRow } from './store-pages.repository.js';

const readFaq = (json: string): FaqEntry[] => {
  try {
    const parsed = faqEntrySchema.array().safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
};

function toStorePage(slug: StorePageSlug, row: (StorePageRow & { html: string }) | undefined): StorePage {
  if (!row) return { slug, ...defaultStorePage(slug), html: DEFAULT_PAGE_HTML, updated_at: null };
  return { slug, title: row.title, lead: row.lead, markdown: row.markdown, faq: readFaq(row.faq), html: row.html, updated_at: row.updated_at };
}

// A page that has no row yet shows the default, whose Markdown is empty: nothing to render.
const DEFAULT_PAGE_HTML = '';

/**
 * Rendered when saved (issue 37): a request reads the stored HTML. A row saved without it (before 0037, the demo
 * seed, an import) is rendered once, by the first request that reads it, and the HTML stored for every later one.
 */
async function withHtml(db: Database, row: StorePageRow | undefined): Promise<(StorePageRow & { html: string }) | undefined> {
  if (!row) return undefined;
  if (row.html !== null) return { ...row, html: row.html };
  const html = renderMarkdown(row.markdown);
  await storeRenderedHtml(db, row, html);
  return { ...row, html };
}

export async function getStorePage(db: Database, slug: StorePageSlug): Promise<StorePage> {
  return toStorePage(slug, await withHtml(db, await findStorePage(db, slug)));
}

export async function listStorePages(db: Database): Promise<StorePage[]> {
  const rows = new Map((await listStorePageRows(db)).map((row) => [row.slug, row]));
  return Promise.all(STORE_PAGE_SLUGS.map(async (slug) => toStorePage(slug, await withHtml(db, rows.get(slug)))));
}

/** Applies `patch` to the page; "Last updated" becomes now (the app clock) whenever anything is saved. */
export async function updateStorePage(db: Database, slug: StorePageSlug, patch: StorePageUpdate): Promise<StorePage> {
  const current = await getStorePage(db, slug);
  const next = { ...current, ...Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) } as StorePage;
  const html = renderMarkdown(next.markdown);
  await saveStorePage(db, { slug, title: next.title, lead: next.lead, markdown: next.markdown, faq: JSON.stringify(next.faq), updated_at: nowIso(), html });
  return getStorePage(db, slug);
}
