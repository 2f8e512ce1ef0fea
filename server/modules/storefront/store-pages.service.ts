import { renderMarkdown } from '../../../common/markdown.js';
import { defaultStorePage, faqEntrySchema, type FaqEntry, type StorePage, type StorePageSlug, type StorePageUpdate } from '../../../common/store-pages.js';
import { STORE_PAGE_SLUGS } from '../../../common/store-pages.js';
import type { Database } from '../../db/database.js';
import { nowIso } from '../../lib/time.js';
import { findStorePage, listStorePageRows, saveStorePage, type StorePageRow } from './store-pages.repository.js';

const readFaq = (json: string): FaqEntry[] => {
  try {
    const parsed = faqEntrySchema.array().safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
};

function toStorePage(slug: StorePageSlug, row: StorePageRow | undefined): StorePage {
  const content = row ? { title: row.title, lead: row.lead, markdown: row.markdown, faq: readFaq(row.faq) } : defaultStorePage(slug);
  // Rendered when saved (issue 37): a request reads the stored HTML; only rows saved before 0037 and the defaults render here.
  return { slug, ...content, html: row?.html ?? renderMarkdown(content.markdown), updated_at: row?.updated_at ?? null };
}

export async function getStorePage(db: Database, slug: StorePageSlug): Promise<StorePage> {
  return toStorePage(slug, await findStorePage(db, slug));
}

export async function listStorePages(db: Database): Promise<StorePage[]> {
  const rows = new Map((await listStorePageRows(db)).map((row) => [row.slug, row]));
  return STORE_PAGE_SLUGS.map((slug) => toStorePage(slug, rows.get(slug)));
}

/** Applies `patch` to the page; "Last updated" becomes now (the app clock) whenever anything is saved. */
export async function updateStorePage(db: Database, slug: StorePageSlug, patch: StorePageUpdate): Promise<StorePage> {
  const current = await getStorePage(db, slug);
  const next = { ...current, ...Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) } as StorePage;
  const html = renderMarkdown(next.markdown);
  await saveStorePage(db, { slug, title: next.title, lead: next.lead, markdown: next.markdown, faq: JSON.stringify(next.faq), updated_at: nowIso(), html });
  return getStorePage(db, slug);
}
