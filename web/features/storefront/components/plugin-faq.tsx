import type { PluginFaqEntry } from '@common/plugins';

/**
 * The plugin's FAQ (docs/storefront.md, "Plugin pages"), hidden while it has none: an accordion of native
 * <details> elements (keyboard and screen readers get it from the browser, and it costs the page no JavaScript).
 * Plain text, escaped by React; the answer keeps its line breaks. The page's JSON-LD carries the same entries.
 */
export function PluginFaq({ faq }: { faq: PluginFaqEntry[] }) {
  if (faq.length === 0) return null;
  return (
    <section aria-labelledby="faq-heading" className="space-y-4" data-testid="plugin-faq">
      <h2 id="faq-heading" className="text-2xl font-semibold">
        Frequently Asked Questions
      </h2>
      <div className="divide-y rounded-xl border">
        {faq.map((entry, index) => (
          <details key={index} className="group p-4" data-testid="plugin-faq-entry">
            <summary className="cursor-pointer list-none font-medium break-words marker:hidden [&::-webkit-details-marker]:hidden">
              <span className="flex items-start justify-between gap-3">
                {entry.question}
                <span aria-hidden="true" className="shrink-0 text-muted-foreground transition-transform group-open:rotate-45">
                  +
                </span>
              </span>
            </summary>
            <p className="mt-2 whitespace-pre-line break-words text-sm text-muted-foreground">{entry.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
