// Parsers for what a plugin zip says about itself: the main file's header comment (read the way WordPress
// core's get_file_data() reads it) and readme.txt (the subset of the WordPress.org readme format the
// update answer needs). Pure functions: plugin-zip.ts feeds them the bytes.

/** WordPress reads only the first 8 KB of a file for its headers (get_file_data). */
export const HEADER_BYTES = 8 * 1024;

export interface PluginHeader {
  name: string;
  version: string;
  requiresWp: string;
  requiresPhp: string;
  author: string;
}

const PLUGIN_HEADER_NAMES: Record<keyof PluginHeader, string> = {
  name: 'Plugin Name',
  version: 'Version',
  requiresWp: 'Requires at least',
  requiresPhp: 'Requires PHP',
  author: 'Author',
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** get_file_data's per-line rule: `^[ \t\/*#@]*Name:(.*)$`, case-insensitive, then _cleanup_header_comment. */
export function readFileHeader(text: string, name: string): string {
  const normalized = text.slice(0, HEADER_BYTES).replace(/\r\n?/g, '\n');
  const match = new RegExp(`^(?:[ \\t]*<\\?php)?[ \\t/*#@]*${escapeRegExp(name)}:(.*)$`, 'mi').exec(normalized);
  return (match?.[1] ?? '').replace(/\s*(?:\*\/|\?>).*$/, '').trim();
}

/** The plugin headers of one PHP file; `name` is empty when the file is not a plugin's main file. */
export function parsePluginHeader(text: string): PluginHeader {
  const entries = Object.entries(PLUGIN_HEADER_NAMES).map(([key, name]) => [key, readFileHeader(text, name)]);
  return Object.fromEntries(entries) as PluginHeader;
}

export interface Readme {
  testedUpTo: string;
  stableTag: string;
  requiresAtLeast: string;
  requiresPhp: string;
  /** Section bodies by lower-cased name ("changelog", "upgrade notice", ...), trimmed. */
  sections: Record<string, string>;
}

// WordPress.org accepts `== Name ==` and the Markdown `## Name` for sections, `= 1.0 =` and `### 1.0` (or
// `#### 1.0`) for the entries inside one.
const SECTION = /^(?:==\s*(.+?)\s*==|##\s+(.+?))\s*$/;
const SUBSECTION = /^(?:=\s*(.+?)\s*=|#{3,4}\s+(.+?))\s*$/;

/** readme.txt: header fields (the lines before the first section) and the sections. */
export function parseReadme(text: string): Readme {
  const lines = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  const header: Record<string, string> = {};
  const sections: Record<string, string[]> = {};
  let current: string[] | null = null;
  for (const line of lines) {
    if (/^===.*===\s*$/.test(line) || /^#\s/.test(line)) continue; // the title line
    const section = SECTION.exec(line);
    if (section) {
      current = sections[(section[1] ?? section[2] ?? '').toLowerCase()] = [];
      continue;
    }
    if (current) {
      current.push(line);
      continue;
    }
    const field = /^[ \t*-]*([A-Za-z][A-Za-z ]*?)\s*:\s*(.*)$/.exec(line);
    if (field?.[1] && !(field[1].toLowerCase() in header)) header[field[1].toLowerCase()] = (field[2] ?? '').trim();
  }
  return {
    testedUpTo: header['tested up to'] ?? '',
    stableTag: header['stable tag'] ?? '',
    requiresAtLeast: header['requires at least'] ?? '',
    requiresPhp: header['requires php'] ?? '',
    sections: Object.fromEntries(Object.entries(sections).map(([name, body]) => [name, body.join('\n').trim()])),
  };
}

/** The entries of a section keyed by their `= heading =` (versions in Changelog and Upgrade Notice). */
export function subsections(body: string): Map<string, string> {
  const entries = new Map<string, string>();
  let heading: string | null = null;
  let lines: string[] = [];
  const flush = () => {
    if (heading !== null && !entries.has(heading)) entries.set(heading, lines.join('\n').trim());
  };
  for (const line of body.split('\n')) {
    const match = SUBSECTION.exec(line);
    if (match) {
      flush();
      heading = (match[1] ?? match[2] ?? '').trim();
      lines = [];
    } else {
      lines.push(line);
    }
  }
  flush();
  return entries;
}

/** The upgrade notice for one version (WordPress.org shows the one whose heading is that version). */
export function upgradeNoticeFor(readme: Readme, version: string): string {
  const notices = subsections(readme.sections['upgrade notice'] ?? '');
  return notices.get(version) ?? notices.get(version.replace(/^v/i, '')) ?? '';
}

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * A readme section as the HTML plugin-update-checker shows in its "Changelog" tab: `= x =` headings become
 * <h4>, `*`/`-` lines a list, other text paragraphs. Everything is escaped; no Markdown beyond that.
 */
export function readmeSectionToHtml(body: string): string {
  const html: string[] = [];
  let list: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (list.length) html.push(`<ul>\n${list.map((item) => `<li>${escapeHtml(item)}</li>`).join('\n')}\n</ul>`);
    if (paragraph.length) html.push(`<p>${paragraph.map(escapeHtml).join('<br>')}</p>`);
    list = [];
    paragraph = [];
  };
  for (const raw of body.split('\n')) {
    const line = raw.trim();
    const heading = SUBSECTION.exec(line);
    const item = /^[*-]\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      html.push(`<h4>${escapeHtml((heading[1] ?? heading[2] ?? '').trim())}</h4>`);
    } else if (item) {
      if (paragraph.length) flush();
      list.push(item[1] ?? '');
    } else if (!line) {
      flush();
    } else {
      if (list.length) flush();
      paragraph.push(line);
    }
  }
  flush();
  return html.join('\n');
}
