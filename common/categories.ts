// A plugin's category is the vendor's own word for it (issue 25): any text of at most MAX_CATEGORY_LENGTH
// characters, shown as typed. The demo catalogue's two (docs/product-spec.md section 2: shipping, developer-tools)
// keep their specification values and are shown through CATEGORY_LABELS. The catalogue's filter lists the categories
// its plugins use. No zod here: the landing page's cards import the label and must stay small.

export const DEMO_CATEGORIES = ['shipping', 'developer-tools'] as const;
export const MAX_CATEGORY_LENGTH = 40;
export const DEFAULT_CATEGORY = 'developer-tools';
export const CATEGORY_LABELS: Record<string, string> = { shipping: 'Shipping', 'developer-tools': 'Developer Tools' };
export const categoryLabel = (category: string): string => CATEGORY_LABELS[category] ?? category;

/** The categories in use among `plugins`, once each, ordered by their label. */
export const categoriesInUse = (plugins: ReadonlyArray<{ category: string }>): string[] =>
  [...new Set(plugins.map((plugin) => plugin.category))].sort((a, b) => categoryLabel(a).localeCompare(categoryLabel(b)));
