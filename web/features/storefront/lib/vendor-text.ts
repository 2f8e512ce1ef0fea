// The vendor's own texts on the plugin page (docs/plugins.md). They are shown as React text, never as HTML,
// so a `<script>` typed into the admin reads as those characters.

/** Blank lines separate paragraphs; single line breaks stay inside one (the page keeps them with pre-line). */
export const toParagraphs = (text: string): string[] =>
  text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

/**
 * A link the page may render: the server answers only http(s) addresses, and the page checks again so a
 * `javascript:` address can never become a clickable link whatever the answer holds.
 */
export const webLink = (url: string | null): string | null => {
  if (!url) return null;
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
};
