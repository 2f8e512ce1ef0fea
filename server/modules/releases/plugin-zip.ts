import type { Entry, ZipFile } from 'yauzl';
import { openZip } from './zip-reader.js';
import { HEADER_BYTES, parsePluginHeader, parseReadme, upgradeNoticeFor, type PluginHeader } from './plugin-headers.js';
import { cutSection, plainText, readmeSectionToHtml, versionText } from './readme-html.js';

// Every limit below bounds the work of one upload whatever the zip holds: a 50.8 MB zip of 370,000 PHP
// files once took 3.5 minutes and 3.36 GB of memory here (issue 23).

/**
 * A release zip may hold at most this many entries (files and folders). Each entry costs reads of the central
 * directory, so the count bounds the check's time; a plugin needs far fewer, and a zip with more usually
 * carries development files (node_modules, tests).
 */
export const MAX_ZIP_ENTRIES = 20_000;

/**
 * PHP files directly in the top folder read for a plugin header (8 KB each), besides `{slug}.php`, which is
 * always read first when present. WordPress looks for the main file among them; a plugin has a handful.
 */
export const MAX_PHP_FILES_READ = 100;

/** readme.txt is read up to this size (only the first one in the zip); WordPress.org readmes are a few KB. */
const README_BYTES = 512 * 1024;

/**
 * The changelog kept for the update answer, in characters. WordPress.org cuts a readme's changelog at 5,000
 * words (about this many characters); the cap also keeps every update answer small.
 */
export const CHANGELOG_MAX_CHARS = 40_000;

/**
 * The update answer's changelog HTML is at most this long: the newest entries (readmes list them first), which
 * a site being updated needs; an answer of this size costs an update check about what a typical one does.
 */
export const CHANGELOG_HTML_MAX_CHARS = 16_000;

/** The upgrade notice's limit in the readme format ("No more than 300 characters"). */
export const UPGRADE_NOTICE_MAX_CHARS = 300;

/** An author name longer than this is cut (a header line may be 8 KB). */
export const AUTHOR_MAX_CHARS = 200;

export interface ReleaseMetadata {
  mainFile: string;
  header: PluginHeader;
  requiresWp: string | null;
  testedWp: string | null;
  requiresPhp: string | null;
  /** Plain text (tags removed). */
  author: string | null;
  /** The readme's changelog section as written (cut at CHANGELOG_MAX_CHARS). */
  changelog: string | null;
  /** The same as the update answer's HTML, made once here so no update check parses it. */
  changelogHtml: string | null;
  /** Plain text (tags removed, one line). */
  upgradeNotice: string | null;
}

export type PluginZipCheck =
  { ok: true; metadata: ReleaseMetadata } | { ok: false; reason: 'unreadable' | 'too-many-files' | 'top-folder' | 'no-header' | 'version'; detail: string };

interface MainFileCandidate {
  file: string;
  header: PluginHeader;
}

interface ZipContents {
  foreignTopLevel: string | null;
  /** PHP files directly in {slug}/ whose header has a Plugin Name (at most MAX_PHP_FILES_READ + 1). */
  candidates: MainFileCandidate[];
  /** PHP files directly in {slug}/ left unread past MAX_PHP_FILES_READ. */
  phpFilesSkipped: number;
  readme: string | null;
}

type ZipRead = { kind: 'unreadable' } | { kind: 'too-many-files'; count: number } | { kind: 'read'; contents: ZipContents };

/** The first `limit` bytes of one entry, then the rest is not inflated (yauzl supports destroy()). */
function readHead(zip: ZipFile, entry: Entry, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(error ?? new Error('no stream'));
      const chunks: Buffer[] = [];
      let size = 0;
      // PostgreSQL refuses NUL in text columns; a header or readme never needs one.
      const finish = () => resolve(Buffer.concat(chunks).subarray(0, limit).toString('utf8').replaceAll('\0', ''));
      stream.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= limit) {
          stream.destroy();
          finish();
        }
      });
      stream.on('end', finish);
      stream.on('error', reject);
    });
  });
}

const isTopLevelPhp = (inner: string): boolean => !inner.includes('/') && inner.length > '.php'.length && inner.toLowerCase().endsWith('.php');

/**
 * Reads the central directory one entry at a time (nothing kept per entry) and only the few small entries
 * the checks need: up to MAX_PHP_FILES_READ PHP files directly in the top folder (8 KB each, their header
 * parsed at once) and the first readme.txt. Refuses a zip of more than MAX_ZIP_ENTRIES entries before
 * reading any; stops at the first entry outside the top folder; rejects with the signal's reason as soon
 * as `signal` aborts (the client left).
 */
function readZipContents(file: string, slug: string, signal?: AbortSignal): Promise<ZipRead> {
  const prefix = `${slug}/`;
  const mainName = `${slug}.php`;
  return new Promise((resolve, reject) => {
    openZip(file, { lazyEntries: true, autoClose: true }, (openError, zip) => {
      if (openError || !zip) return resolve({ kind: 'unreadable' });
      let settled = false;
      const settle = (result: ZipRead | { aborted: unknown }) => {
        if (settled) return;
        settled = true;
        zip.close();
        if ('aborted' in result) reject(result.aborted);
        else resolve(result);
      };
      if (zip.entryCount === 0) return settle({ kind: 'unreadable' });
      if (zip.entryCount > MAX_ZIP_ENTRIES) return settle({ kind: 'too-many-files', count: zip.entryCount });
      const contents: ZipContents = { foreignTopLevel: null, candidates: [], phpFilesSkipped: 0, readme: null };
      let phpFilesRead = 0;
      let mainRead = false;
      const next = () => {
        if (settled) return;
        if (signal?.aborted) return settle({ aborted: signal.reason });
        zip.readEntry();
      };
      const unreadable = () => settle({ kind: 'unreadable' });
      zip.on('entry', (entry: Entry) => {
        const name = entry.fileName;
        if (!name.startsWith(prefix)) {
          contents.foreignTopLevel = name.split('/')[0] ?? name;
          return settle({ kind: 'read', contents });
        }
        const inner = name.slice(prefix.length);
        if (inner.toLowerCase() === 'readme.txt' && contents.readme === null) {
          readHead(zip, entry, README_BYTES).then((text) => {
            contents.readme = text;
            next();
          }, unreadable);
          return;
        }
        if (!isTopLevelPhp(inner)) return next();
        const isMain = inner === mainName && !mainRead;
        if (!isMain && phpFilesRead >= MAX_PHP_FILES_READ) {
          contents.phpFilesSkipped += 1;
          return next();
        }
        if (isMain) mainRead = true;
        else phpFilesRead += 1;
        readHead(zip, entry, HEADER_BYTES).then((text) => {
          const header = parsePluginHeader(text);
          if (header.name) contents.candidates.push({ file: inner, header });
          next();
        }, unreadable);
      });
      zip.on('end', () => settle({ kind: 'read', contents }));
      zip.on('error', unreadable);
      next();
    });
  });
}

/** The main file as WordPress finds it: a PHP file in the top folder with a Plugin Name header ({slug}.php first). */
function findMainFile(slug: string, candidates: MainFileCandidate[]): MainFileCandidate | null {
  const main = `${slug}.php`;
  return [...candidates].sort((a, b) => Number(b.file === main) - Number(a.file === main) || a.file.localeCompare(b.file))[0] ?? null;
}

const orNull = (value: string | undefined): string | null => (value?.trim() ? value.trim() : null);

export interface ReadmeMetadata {
  requiresAtLeast: string | null;
  testedUpTo: string | null;
  requiresPhp: string | null;
  changelog: string | null;
  changelogHtml: string | null;
  upgradeNotice: string | null;
}

/** What a release keeps of its readme.txt: versions, the changelog (cut, and as HTML) and this version's upgrade notice. */
export function readmeMetadata(text: string, version: string): ReadmeMetadata {
  const readme = parseReadme(text);
  const changelog = orNull(readme.sections.changelog);
  const cut = changelog === null ? null : cutSection(changelog, CHANGELOG_MAX_CHARS);
  return {
    requiresAtLeast: versionText(readme.requiresAtLeast),
    testedUpTo: versionText(readme.testedUpTo),
    requiresPhp: versionText(readme.requiresPhp),
    changelog: cut,
    changelogHtml: cut === null ? null : readmeSectionToHtml(cut, CHANGELOG_HTML_MAX_CHARS),
    upgradeNotice: orNull(plainText(upgradeNoticeFor(readme, version), UPGRADE_NOTICE_MAX_CHARS)),
  };
}

function toMetadata(mainFile: string, header: PluginHeader, readme: ReadmeMetadata | null): ReleaseMetadata {
  return {
    mainFile,
    header,
    requiresWp: versionText(header.requiresWp) ?? readme?.requiresAtLeast ?? null,
    testedWp: readme?.testedUpTo ?? null,
    requiresPhp: versionText(header.requiresPhp) ?? readme?.requiresPhp ?? null,
    author: orNull(plainText(header.author, AUTHOR_MAX_CHARS)),
    changelog: readme?.changelog ?? null,
    changelogHtml: readme?.changelogHtml ?? null,
    upgradeNotice: readme?.upgradeNotice ?? null,
  };
}

/**
 * Checks that a stored zip is the release it claims to be and reads its metadata: at most MAX_ZIP_ENTRIES
 * entries, one top folder named after the slug (WordPress installs into that folder), a main file with a
 * plugin header, and that header's Version equal to the release version (otherwise sites offered 1.2.0
 * install 1.1.0 and are offered it again). Rejects with the signal's reason when `signal` aborts.
 */
export async function checkPluginZip(file: string, slug: string, version: string, signal?: AbortSignal): Promise<PluginZipCheck> {
  const read = await readZipContents(file, slug, signal);
  if (read.kind === 'unreadable') return { ok: false, reason: 'unreadable', detail: 'The file is not a readable .zip archive' };
  if (read.kind === 'too-many-files') {
    return {
      ok: false,
      reason: 'too-many-files',
      detail: `The zip holds ${read.count.toLocaleString('en-GB')} files and folders, more than the ${MAX_ZIP_ENTRIES.toLocaleString('en-GB')} a release may hold: leave development files (node_modules, tests, sources) out of the plugin zip`,
    };
  }
  const { contents } = read;
  if (contents.foreignTopLevel !== null) {
    return {
      ok: false,
      reason: 'top-folder',
      detail: `Everything in the zip must be inside one folder named "${slug}" (the plugin slug), but it has "${contents.foreignTopLevel}" at the top: zip the plugin folder itself`,
    };
  }
  const main = findMainFile(slug, contents.candidates);
  if (!main) {
    const skipped = contents.phpFilesSkipped
      ? ` (${slug}.php and the first ${MAX_PHP_FILES_READ} PHP files there were read; name the main file ${slug}.php)`
      : '';
    return {
      ok: false,
      reason: 'no-header',
      detail: `No plugin header found: the zip needs a PHP file directly in "${slug}/" whose header comment has a "Plugin Name:" line${skipped}`,
    };
  }
  if (main.header.version !== version) {
    const said = main.header.version ? `Version ${main.header.version}` : 'no Version';
    return {
      ok: false,
      reason: 'version',
      detail: `The plugin header of ${slug}/${main.file} says ${said}, but this release is ${version}: upload the zip built for ${version} or correct the version`,
    };
  }
  const readme = contents.readme === null ? null : readmeMetadata(contents.readme, version);
  return { ok: true, metadata: toMetadata(main.file, main.header, readme) };
}
