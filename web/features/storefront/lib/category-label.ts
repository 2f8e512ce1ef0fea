// Apart from catalog-view.ts on purpose: the landing page's cards need only the labels, and a module shared
// with the catalog page would bring the catalog's search and sort code into the landing page's JavaScript.
export const CATEGORY_LABELS: Record<string, string> = { shipping: 'Shipping', 'developer-tools': 'Developer Tools' };
export const categoryLabel = (category: string): string => CATEGORY_LABELS[category] ?? category;
