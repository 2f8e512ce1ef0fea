// Parsers for what a plugin zip says about itself: the main file's header comment (read the way WordPress
// core's get_file_data() reads it) and readme.txt (the subset of the WordPress.org readme format the
// update answer needs). Pure functions: plugin-zip.ts feeds them the bytes.
//
// The text comes from an uploaded zip, so every function here reads it in one pass with string operations:
// no regular expression with nested or overlapping quantifiers ever runs on it. Such patterns backtracked on
// a line of 3,000 spaces or a long `==` line for seconds, blocking the server (issue 23).

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

const EQUALS = 61; // '='
const HASH = 35; // '#'

/** Where the characters of `set` stop, from `from` on. */
function skipChars(text: string, from: number, set: string): number {
  let at = from;
  while (at < text.length && set.includes(text.charAt(at))) at += 1;
  return at;
}

/** Whether `text` has `word` at `at`, ignoring ASCII case (header names are ASCII). */
const hasWordAt = (text: string, at: number, word: string): boolean => text.slice(at, at + word.length).toLowerCase() === word.toLowerCase();

/**
 * get_file_data's per-line rule, `^(?:[ \t]*<\?php)?[ \t\/*#@]*Name:(.*)$` (case-insensitive), then
 * _cleanup_header_comment: the value ends where the comment closes or at `?>`.
 */
export function readFileHeader(text: string, name: string): string {
  // As get_file_data: CR and CRLF line ends count, a byte order mark is left in place (its line has no header).
  for (const line of text.slice(0, HEADER_BYTES).replace(/\r\n?/g, '\n').split('\n')) {
    let at = skipChars(line, 0, ' \t');
    at = hasWordAt(line, at, '<?php') ? at + '<?php'.length : 0;
    at = skipChars(line, at, ' \t/*#@');
    if (!hasWordAt(line, at, name) || line.charAt(at + name.length) !== ':') continue;
    const value = line.slice(at + name.length + 1);
    const ends = [value.indexOf('*/'), value.indexOf('?>')].filter((index) => index >= 0);
    return (ends.length ? value.slice(0, Math.min(...ends)) : value).trim();
  }
  return '';
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

// Heading checks work on a line given as `text` from `start` to `end`, so that most lines are never copied.

/** Whether the character at `at` is white space (JavaScript's \s). */
const isSpaceAt = (text: string, at: number): boolean => text.charAt(at).trim() === '';

/** Where the line `start..end` of `text` ends without its trailing white space. */
function trimmedEnd(text: string, start: number, end: number): number {
  let stop = end;
  while (stop > start && isSpaceAt(text, stop - 1)) stop -= 1;
  return stop;
}

/** The name inside `marker name marker` (`== Changelog ==`, `= 1.0 =`), trailing spaces allowed; null otherwise. */
function wrappedHeading(text: string, start: number, end: number, marker: string, minNameLength: number): string | null {
  if (!text.startsWith(marker, start)) return null;
  const stop = trimmedEnd(text, start, end);
  if (stop - start < 2 * marker.length + minNameLength || !text.startsWith(marker, stop - marker.length)) return null;
  return text.slice(start + marker.length, stop - marker.length).trim();
}

/** The name of a Markdown heading of `min` to `max` `#` (`## Changelog`); null otherwise. */
function hashHeading(text: string, start: number, end: number, min: number, max: number): string | null {
  let hashes = 0;
  while (hashes <= max && text.charCodeAt(start + hashes) === HASH) hashes += 1; // no further: a long run of # is no heading
  // White space after the hashes, then at least one character (a name of white space only reads as '').
  if (hashes < min || hashes > max || end - start - hashes < 2 || !isSpaceAt(text, start + hashes)) return null;
  return text.slice(start + hashes, end).trim();
}

// WordPress.org accepts `== Name ==` and the Markdown `## Name` for sections, `= 1.0 =` and `### 1.0` (or
// `#### 1.0`) for the entries inside one. `=== Name ===` and `# Name` are the title.
// A line not starting with `=` or `#` is none of them, which most lines show by their first character.
const mayBeHeading = (text: string, start: number): boolean => text.charCodeAt(start) === EQUALS || text.charCodeAt(start) === HASH;
const isTitle = (text: string, start: number, end: number): boolean =>
  mayBeHeading(text, start) &&
  (wrappedHeading(text, start, end, '===', 0) !== null || (text.charCodeAt(start) === HASH && end - start > 1 && isSpaceAt(text, start + 1)));
const sectionHeading = (text: string, start: number, end: number): string | null =>
  mayBeHeading(text, start) ? (wrappedHeading(text, start, end, '==', 1) ?? hashHeading(text, start, end, 2, 2)) : null;
export const subsectionHeading = (text: string, start: number, end: number): string | null =>
  mayBeHeading(text, start) ? (wrappedHeading(text, start, end, '=', 1) ?? hashHeading(text, start, end, 3, 4)) : null;

/** A header line `Name: value` (leading ` `, tab, `*` or `-` allowed; the name letters and spaces). */
function headerField(line: string): [string, string] | null {
  const start = skipChars(line, 0, ' \t*-');
  const colon = line.indexOf(':', start);
  if (colon < 0) return null;
  const name = line.slice(start, colon).trimEnd();
  if (!/^[A-Za-z][A-Za-z ]*$/.test(name)) return null;
  return [name.toLowerCase(), line.slice(colon + 1).trim()];
}

/**
 * Calls `visit(start, end)` for each line of `text` (`end` excludes the line's `\n`). Lines are not copied:
 * a readme's body lines are only ever looked at by their first character, and sliced out in one piece later.
 */
function forEachLine(text: string, visit: (start: number, end: number) => void): void {
  for (let at = 0; at <= text.length;) {
    const newline = text.indexOf('\n', at);
    const end = newline < 0 ? text.length : newline;
    visit(at, end);
    at = end + 1;
  }
}

/**
 * A text made of ranges of `source`, given flat as start, end, start, end…: the lines of a section between its
 * heading and the next (each range but the last ends with its `\n`, so they join as the lines did), trimmed.
 */
function joinRanges(source: string, ranges: number[]): string {
  let text = '';
  for (let i = 0; i + 1 < ranges.length; i += 2) text += source.slice(ranges[i], ranges[i + 1]);
  return text.trim();
}

/** readme.txt: header fields (the lines before the first section) and the sections. */
export function parseReadme(text: string): Readme {
  const source = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  // Maps, not objects: a heading or field named `constructor` or `__proto__` is just a name.
  const header = new Map<string, string>();
  const sections = new Map<string, number[]>();
  let current: number[] | null = null;
  let bodyStart = 0;
  forEachLine(source, (start, end) => {
    const title = isTitle(source, start, end);
    const section = title ? null : sectionHeading(source, start, end);
    if (title || section !== null) {
      // A title line is left out of the body it stands in; a section heading starts a new body.
      current?.push(bodyStart, start);
      if (section !== null) {
        current = []; // a later section of the same name replaces the earlier one
        sections.set(section.toLowerCase(), current);
      }
      bodyStart = end + 1;
      return;
    }
    if (current) return;
    const field = headerField(source.slice(start, end));
    if (field && !header.has(field[0])) header.set(field[0], field[1]);
  });
  (current as number[] | null)?.push(bodyStart, source.length); // set in the callback
  return {
    testedUpTo: header.get('tested up to') ?? '',
    stableTag: header.get('stable tag') ?? '',
    requiresAtLeast: header.get('requires at least') ?? '',
    requiresPhp: header.get('requires php') ?? '',
    sections: Object.fromEntries([...sections].map(([name, ranges]) => [name, joinRanges(source, ranges)])),
  };
}

/** The entries of a section keyed by their `= heading =` (versions in Changelog and Upgrade Notice); the first of a heading wins. */
export function subsections(body: string): Map<string, string> {
  const entries = new Map<string, string>();
  let heading: string | null = null;
  let entryStart = 0;
  const close = (end: number) => {
    if (heading !== null && !entries.has(heading)) entries.set(heading, body.slice(entryStart, end).trim());
  };
  forEachLine(body, (start, end) => {
    const name = subsectionHeading(body, start, end);
    if (name === null) return;
    close(start);
    heading = name;
    entryStart = end + 1;
  });
  close(body.length);
  return entries;
}

/** The upgrade notice for one version (WordPress.org shows the one whose heading is that version). */
export function upgradeNoticeFor(readme: Readme, version: string): string {
  const notices = subsections(readme.sections['upgrade notice'] ?? '');
  return notices.get(version) ?? notices.get(version.replace(/^v/i, '')) ?? '';
}
