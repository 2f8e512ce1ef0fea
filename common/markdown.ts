/* eslint-disable no-control-regex -- control characters are what isSafeLink looks for (refused in links) */
import MarkdownIt from 'markdown-it';
// The vendor's pages (About, Documentation, Support, Privacy, Terms of sale, Refund policy) are Markdown, rendered
// to HTML by this ONE function, on the server for the storefront and in the admin for the live preview.
//
// markdown-it (CommonMark) with raw HTML off and link addresses checked by isSafeLink; the rules it keeps are what
// common/markdown.test.ts checks:
// - raw HTML is never HTML: every `<`, `>`, `&`, `"` and `'` of the text is escaped;
// - a link's address is http(s), mailto or a path on this site (`/…`, `#…`); anything else (`javascript:`,
//   `data:`, `vbscript:`, `//host`) makes no link: its Markdown stays as plain text;
// - links to other sites open with rel="noopener noreferrer nofollow";
// - an image `![alt](https://…)` is an <img> with its alt text, loaded lazily and without a Referer (no tracking of
//   the reader by default); an image from any other address is dropped, leaving its alt text (issue 40).

/** Whether `url` may be a link's address: http(s), mailto, or a path / fragment on this site. */
export function isSafeLink(url: string): boolean {
  const trimmed = url.trim();
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:"): refuse any.
  if (/[\u0000-\u0020\u007f]/.test(trimmed)) return false;
  if (/^(https?:\/\/[^/\\]|mailto:[^/\\])/i.test(trimmed)) return true;
  return /^\/(?![/\\])/.test(trimmed) || trimmed.startsWith('#');
}

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false, breaks: true });
markdown.validateLink = isSafeLink;

const escapeAttribute = (text: string): string => markdown.utils.escapeHtml(text);

markdown.renderer.rules.image = (tokens, index, options, env, self) => {
  const token = tokens[index]!;
  const src = String(token.attrGet('src') ?? '');
  const alt = self.renderInlineAsText(token.children ?? [], options, env);
  if (!/^https:\/\/[^/\\]/i.test(src)) return escapeAttribute(alt);
  const title = token.attrGet('title');
  return `<img src="${escapeAttribute(src)}" alt="${escapeAttribute(alt)}"${title ? ` title="${escapeAttribute(String(title))}"` : ''} loading="lazy" decoding="async" referrerpolicy="no-referrer">`;
};

// `#` and `##` are both h2: the page's title is its h1.
markdown.renderer.rules.heading_open = (tokens, index, options, _env, self) => {
  const token = tokens[index]!;
  if (token.tag === 'h1') token.tag = 'h2';
  return self.renderToken(tokens, index, options);
};
markdown.renderer.rules.heading_close = markdown.renderer.rules.heading_open;

// Links to other sites open without handing them this page (rel), and tell search engines not to follow.
markdown.renderer.rules.link_open = (tokens, index, options, _env, self) => {
  const token = tokens[index]!;
  if (/^https?:/i.test(String(token.attrGet('href') ?? ''))) token.attrSet('rel', 'noopener noreferrer nofollow');
  return self.renderToken(tokens, index, options);
};

/**
 * Markdown to safe HTML (see the rules at the top of this file). The one place the storefront's and the preview's
 * HTML comes from.
 */
export function renderMarkdown(source: string): string {
  return markdown.render(source).trimEnd();
}
