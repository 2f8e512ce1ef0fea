/* eslint-disable no-control-regex -- control characters are what these expressions look for (refused in links, dropped from text) */
// The vendor's pages (About, Documentation, Support, Privacy, Terms of sale, Refund policy) are Markdown, rendered
// to HTML by this ONE function, on the server for the storefront and in the admin for the live preview.
//
// It is a deliberately small CommonMark subset written here because no Markdown library is installed; the
// rules a library must keep when it replaces this function (markdown-it 14 with `html: false` and a
// `validateLink` allowing only the schemes below) are what common/markdown.test.ts checks:
// - raw HTML is never HTML: every `<`, `>`, `&`, `"` and `'` of the text is escaped;
// - a link's address is http(s), mailto or a path on this site (`/…`, `#…`); anything else (`javascript:`,
//   `data:`, `vbscript:`, `//host`) is dropped and only the link's text remains;
// - links to other sites open with rel="noopener noreferrer nofollow".

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

/** Whether `url` may be a link's address: http(s), mailto, or a path / fragment on this site. */
export function isSafeLink(url: string): boolean {
  const trimmed = url.trim();
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:"): refuse any.
  if (/[\u0000-\u0020\u007f]/.test(trimmed)) return false;
  if (/^(https?:\/\/[^/\\]|mailto:[^/\\])/i.test(trimmed)) return true;
  return /^\/(?![/\\])/.test(trimmed) || trimmed.startsWith('#');
}

/** Inline Markdown of one block's text: code spans, links, bold, italics; everything else escaped. */
function renderInline(text: string): string {
  const codeSpans: string[] = [];
  // Code spans first: nothing inside them is Markdown. \u0001 never survives (control characters are dropped below).
  let work = text.replace(/[\u0000-\u0008\u000b-\u001f]/g, '').replace(/`([^`\n]+)`/g, (_, code: string) => {
    codeSpans.push(`<code>${escapeHtml(code)}</code>`);
    return `\u0001${codeSpans.length - 1}\u0001`;
  });
  work = escapeHtml(work);
  work = work.replace(/\[([^\]\n]+)\]\(((?:[^()\s]|\([^()\s]*\))+)\)/g, (_, label: string, escapedUrl: string) => {
    const url = escapedUrl.replace(
      /&(amp|lt|gt|quot|#39);/g,
      (entity) => ({ '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" })[entity] ?? entity,
    );
    if (!isSafeLink(url)) return label;
    const external = /^https?:/i.test(url);
    return `<a href="${escapeHtml(url)}"${external ? ' rel="noopener noreferrer nofollow"' : ''}>${label}</a>`;
  });
  work = work.replace(/\*\*([^*\n]+)\*\*/g, '<strong>$1</strong>').replace(/(^|[^\w*])\*([^*\n]+)\*(?!\w)/g, '$1<em>$2</em>');
  work = work.replace(/(^|[^\w])_([^_\n]+)_(?!\w)/g, '$1<em>$2</em>');
  return work.replace(/\u0001(\d+)\u0001/g, (_, index: string) => codeSpans[Number(index)] ?? '');
}

type Block =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'paragraph' | 'quote'; lines: string[] }
  | { kind: 'rule' };

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,9}[.)]\s+(.*)$/;
const RULE = /^\s*([-*_])(\s*\1){2,}\s*$/;

function parseBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  const close = () => {
    if (current) blocks.push(current);
    current = null;
  };
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const heading = HEADING.exec(line);
    const bullet = BULLET.exec(line);
    const numbered = NUMBERED.exec(line);
    if (line.trim() === '') close();
    else if (heading) {
      close();
      blocks.push({ kind: 'heading', level: heading[1]!.length, text: heading[2] ?? '' });
    } else if (RULE.test(line)) {
      close();
      blocks.push({ kind: 'rule' });
    } else if (bullet || numbered) {
      const ordered = !bullet;
      const cur = current as Block | null;
      if (!(cur?.kind === 'list' && cur.ordered === ordered)) {
        close();
        current = { kind: 'list', ordered, items: [] };
      }
      (current as unknown as { items: string[] }).items.push((bullet ?? numbered)![1] ?? '');
    } else if (line.startsWith('>')) {
      if ((current as Block | null)?.kind !== 'quote') {
        close();
        current = { kind: 'quote', lines: [] };
      }
      (current as unknown as { lines: string[] }).lines.push(line.replace(/^>\s?/, ''));
    } else {
      const cur = current as Block | null;
      // A line right under a list item continues it.
      if (cur?.kind === 'list') cur.items[cur.items.length - 1] += ` ${line.trim()}`;
      else {
        if (cur?.kind !== 'paragraph') {
          close();
          current = { kind: 'paragraph', lines: [] };
        }
        (current as unknown as { lines: string[] }).lines.push(line.trim());
      }
    }
  }
  close();
  return blocks;
}

/**
 * Markdown to safe HTML (see the rules at the top of this file). `#` and `##` are both h2: the page's title is its h1.
 * The one place the storefront's and the preview's HTML comes from: swap the library in here.
 */
export function renderMarkdown(markdown: string): string {
  return parseBlocks(markdown)
    .map((block) => {
      switch (block.kind) {
        case 'heading': {
          const level = Math.max(block.level, 2);
          return `<h${level}>${renderInline(block.text)}</h${level}>`;
        }
        case 'rule':
          return '<hr>';
        case 'list': {
          const tag = block.ordered ? 'ol' : 'ul';
          return `<${tag}>${block.items.map((item) => `<li>${renderInline(item)}</li>`).join('')}</${tag}>`;
        }
        case 'quote':
          return `<blockquote><p>${block.lines.map(renderInline).join('<br>')}</p></blockquote>`;
        case 'paragraph':
          return `<p>${block.lines.map(renderInline).join('<br>')}</p>`;
      }
    })
    .join('\n');
}
