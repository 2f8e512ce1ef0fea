/**
 * The catalog's heading. Like the landing hero, the public layout renders it from the first bundle, so the
 * page's largest text paints with the first frame rather than after the catalog chunk (Lighthouse LCP).
 */
export function CatalogIntro() {
  return (
    <div className="mx-auto max-w-6xl px-4 pt-12">
      <h1 className="text-3xl font-bold">Plugin Catalog</h1>
      <p className="mt-2 text-muted-foreground">Professional WordPress and WooCommerce plugins, each with a one-time licence for up to 3 websites.</p>
    </div>
  );
}
