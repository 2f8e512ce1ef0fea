// A readme section as the HTML of plugin-update-checker's "Changelog" tab, and the plain-text helpers of the update
// answer. Like plugin-headers.ts, everything here reads uploaded text in one pass with string operations.
import { escapeHtml } from '../../lib/html.js';
import { subsectionHeading } from './plugin-headers.js';

/** A section cut at `max` characters, at a line end where there is one, marked with an ellipsis line. */
export function cutSection(body: string, max: number): string {
  if (body.length <= max) return body;
  const lineEnd = body.lastIndexOf('\n', max);
  return `${body.slice(0, lineEnd > 0 ? lineEnd : max).trimEnd()}\n\n…`;
}

/** A list item `* text` or `- text` of a trimmed line; null otherwise. */
const listItem = (line: string): string | null =>
  (line.startsWith('*') || line.startsWith('-')) && line.charAt(1).trim() === '' && line.length > 1 ? line.slice(1).trimStart() : null;

/** What ends a section's HTML cut at its size limit. */
const CUT_MARK = '<p>…</p>';

/**
 * A readme section as the HTML plugin-update-checker shows in its "Changelog" tab: `= x =` headings become
 * <h4>, `*`/`-` lines a list, other text paragraphs. Everything is escaped; the only tags are the ones made
 * here (h4, ul, li, p, br), all in WordPress's allowed HTML for plugin information. At most `maxChars`
 * characters: what does not fit (whole list items and paragraph lines) is left out and the end marked `<p>…</p>`.
 */
export function readmeSectionToHtml(body: string, maxChars = Number.POSITIVE_INFINITY): string {
  const html: string[] = [];
  let size = 0;
  let cut = false;
  /** Adds `open` + as many of `parts` as fit, joined by `separator`, + `close`; notes a cut. */
  const add = (open: string, parts: string[], separator: string, close: string) => {
    if (cut || parts.length === 0) return;
    const budget = maxChars - size - (html.length ? 1 : 0) - (CUT_MARK.length + 1);
    let length = open.length + close.length;
    let count = 0;
    for (const part of parts) {
      const more = part.length + (count ? separator.length : 0);
      if (length + more > budget) {
        cut = true;
        break;
      }
      length += more;
      count += 1;
    }
    if (count === 0) return;
    size += length + (html.length ? 1 : 0);
    html.push(open + parts.slice(0, count).join(separator) + close);
  };
  let list: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    add(
      '<ul>\n',
      list.map((item) => `<li>${escapeHtml(item)}</li>`),
      '\n',
      '\n</ul>',
    );
    add('<p>', paragraph.map(escapeHtml), '<br>', '</p>');
    list = [];
    paragraph = [];
  };
  for (const raw of body.split('\n')) {
    if (cut) break;
    const line = raw.trim();
    const heading = subsectionHeading(line, 0, line.length);
    const item = listItem(line);
    if (heading !== null) {
      flush();
      add('<h4>', [escapeHtml(heading)], '', '</h4>');
    } else if (item !== null) {
      if (paragraph.length) flush();
      list.push(item);
    } else if (!line) {
      flush();
    } else {
      if (list.length) flush();
      paragraph.push(line);
    }
  }
  flush();
  if (cut) html.push(CUT_MARK);
  return html.join('\n');
}

// What an update answer passes to WordPress besides the sections: plain text only. WordPress shows `author`,
// `requires`, `tested` and `requires_php` in its "View details" box and the upgrade notice in its update
// rows; taken as written from a zip they could carry scripts into the site's admin (issue 23).

/** Text without its tags: every `<…>` removed in one pass (a `<` never closed stays, and is escaped later). */
export function stripTags(text: string): string {
  let out = '';
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf('<', at);
    if (open < 0) break;
    const close = text.indexOf('>', open + 1);
    if (close < 0) break;
    out += text.slice(at, open);
    at = close + 1;
  }
  return out + text.slice(at);
}

/** One line of plain text: tags removed, white space collapsed, at most `max` characters. */
export const plainText = (text: string, max: number): string => stripTags(text).replace(/\s+/g, ' ').trim().slice(0, max).trim();

/** The leading version of a requirement, tags removed (`6.0`, `8.1`, `6.8.1` of `6.8.1 or later`); null when it has none. */
export function versionText(text: string | null | undefined): string | null {
  const version = /^\d{1,5}(?:\.\d{1,5}){0,3}/.exec(stripTags(text ?? '').trim())?.[0];
  return version ?? null;
}

/** A plain-text field as the HTML WordPress prints: tags removed, cut at `max`, escaped, so it shows as written. */
export const textAsHtml = (text: string, max: number): string => escapeHtml(plainText(text, max));
