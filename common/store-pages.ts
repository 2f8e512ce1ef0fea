import { z } from 'zod';

// The vendor's text pages (docs/storefront.md, "Pages"): Markdown edited in the admin, rendered safely by
// common/markdown.ts. "Last updated" is the time of the last change, kept by the server.

export const STORE_PAGE_SLUGS = ['about', 'documentation', 'support', 'privacy', 'terms', 'refunds'] as const;
export type StorePageSlug = (typeof STORE_PAGE_SLUGS)[number];

/** Each page's storefront path and the name its title and the admin show. */
export const STORE_PAGE_INFO: Record<StorePageSlug, { path: string; name: string }> = {
  about: { path: '/about', name: 'About' },
  documentation: { path: '/documentation', name: 'Documentation' },
  support: { path: '/support', name: 'Support' },
  privacy: { path: '/privacy', name: 'Privacy Policy' },
  terms: { path: '/terms', name: 'Terms of Sale' },
  refunds: { path: '/refund-policy', name: 'Refund Policy' },
};

export const MARKDOWN_MAX = 50_000;
export const FAQ_MAX = 50;

export const faqEntrySchema = z.object({
  question: z.string({ error: 'must be text' }).trim().min(1, 'a question must not be empty').max(300, 'a question must be at most 300 characters'),
  answer: z.string({ error: 'must be text' }).trim().min(1, 'an answer must not be empty').max(5000, 'an answer must be at most 5,000 characters'),
});
export type FaqEntry = z.infer<typeof faqEntrySchema>;

export const storePageSchema = z.object({
  slug: z.enum(STORE_PAGE_SLUGS),
  /** The page's heading. */
  title: z.string(),
  /** The line under the heading. */
  lead: z.string(),
  markdown: z.string(),
  /** The Markdown as safe HTML (common/markdown.ts), made by the server. */
  html: z.string(),
  faq: z.array(faqEntrySchema),
  /** ISO time of the last change; null for a page never saved (its default text). */
  updated_at: z.string().nullable(),
});
export type StorePage = z.infer<typeof storePageSchema>;

export const storePageUpdateSchema = z
  .object({
    title: z.string({ error: 'must be text' }).trim().min(1, 'the title must not be empty').max(120, 'the title must be at most 120 characters'),
    lead: z.string({ error: 'must be text' }).trim().max(300, 'the lead must be at most 300 characters'),
    markdown: z.string({ error: 'must be text' }).max(MARKDOWN_MAX, `the text must be at most ${MARKDOWN_MAX.toLocaleString('en-GB')} characters`),
    faq: z.array(faqEntrySchema).max(FAQ_MAX, `at most ${FAQ_MAX} questions`),
  })
  .partial()
  .strict();
export type StorePageUpdate = z.infer<typeof storePageUpdateSchema>;

export const storePageParamsSchema = z.object({ slug: z.enum(STORE_PAGE_SLUGS, { error: `must be one of ${STORE_PAGE_SLUGS.join(', ')}` }) });

/** A page never saved shows this: neutral text, nothing of any vendor. */
export function defaultStorePage(slug: StorePageSlug): { title: string; lead: string; markdown: string; faq: FaqEntry[] } {
  const name = STORE_PAGE_INFO[slug].name;
  return { title: name, lead: '', markdown: '', faq: [] };
}
