import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * The first view's data comes with the HTML (server/http/page-meta.ts): a JSON script of
 * [queryKey, data] pairs, seeded into the query cache before the first render, so the catalogue and the
 * plugin page draw at once instead of after one or two API calls (Lighthouse LCP, docs/storefront.md).
 */
export function seedInitialData(client: QueryClient): void {
  const script = document.getElementById('initial-data');
  if (!script) return;
  try {
    for (const [key, data] of JSON.parse(script.textContent ?? '') as Array<[QueryKey, unknown]>) client.setQueryData(key, data);
  } catch {
    // Unreadable: the pages fetch what they need, as after a client navigation.
  }
  script.remove();
}
