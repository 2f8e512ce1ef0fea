import { z } from 'zod';

// Field groups and builders the API contracts share (issue 39): the paging, search and sort fields of the admin's
// list queries, the paging fields of their answers, and a row's timestamps. Each says one thing once; the schemas
// spread or wrap them, so the inferred types and the JSON stay those of the fields written out.

/** A stored row's creation and last change (UTC ISO). */
export const timestampFields = { created_at: z.string(), updated_at: z.string() };

/** A whole number of 1 or more that arrives as query text (page, per_page). */
export const wholeQueryNumber = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .positive(`${name} must be 1 or more`);

/** `page` (default 1) and `per_page` (default and most as given) of a paged admin list. */
export const pagingQueryFields = (perPageMax: number, perPageDefault: number) => ({
  page: wholeQueryNumber('page').max(1_000_000, 'page must be at most 1000000').default(1),
  per_page: wholeQueryNumber('per_page').max(perPageMax, `per_page must be at most ${perPageMax}`).default(perPageDefault),
});

/** Free text a list is filtered by; how it matches is the list's to say. */
export const searchQueryField = (max = 200) => z.string().trim().max(max, `search must be at most ${max} characters`).optional();

/** One of a list's sort keys, `fallback` when left out. */
export const sortQueryField = <const T extends readonly [string, ...string[]]>(sorts: T, fallback: T[number]) =>
  z.enum(sorts, { error: `sort must be one of ${sorts.join(', ')}` }).default(fallback);

/** The sort's direction, newest (or largest) first when left out. */
export const directionQueryField = () => z.enum(['asc', 'desc'], { error: 'direction must be asc or desc' }).default('desc');

/** The answer of a paged admin list: the page's items under `key`, the matches on all pages, the page and its size. */
export const pagedListSchema = <K extends string, T extends z.ZodType>(key: K, item: T) =>
  z.object({
    ...({ [key]: z.array(item) } as { [P in K]: z.ZodArray<T> }),
    /** Items matching the filters and search, on all pages. */
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
  });
