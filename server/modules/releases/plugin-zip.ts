import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { HEADER_BYTES, parsePluginHeader, parseReadme, upgradeNoticeFor, type PluginHeader, type Readme } from './plugin-headers.js';

/** readme.txt is read up to this size; WordPress.org readmes are a few KB, a changelog rarely 100 KB. */
const README_BYTES = 512 * 1024;

export interface ReleaseMetadata {
  mainFile: string;
  header: PluginHeader;
  requiresWp: string | null;
  testedWp: string | null;
  requiresPhp: string | null;
  author: string | null;
  changelog: string | null;
  upgradeNotice: string | null;
}

export type PluginZipCheck =
  { ok: true; metadata: ReleaseMetadata } | { ok: false; reason: 'unreadable' | 'top-folder' | 'no-header' | 'version'; detail: string };

interface ZipContents {
  entries: number;
  foreignTopLevel: string | null;
  phpHeads: Map<string, string>; // PHP files directly in {slug}/ → their first 8 KB
  readme: string | null;
}

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

/**
 * Reads only the central directory and the few small entries the checks need (PHP files directly in the
 * top folder, 8 KB each, and readme.txt), so a 50 MB zip costs a few reads, not its size in memory.
 */
function readZipContents(file: string, slug: string): Promise<ZipContents | null> {
  const prefix = `${slug}/`;
  return new Promise((resolve) => {
    yauzl.open(file, { lazyEntries: true, autoClose: true }, (openError, zip) => {
      if (openError || !zip) return resolve(null);
      const contents: ZipContents = { entries: 0, foreignTopLevel: null, phpHeads: new Map(), readme: null };
      const fail = () => {
        zip.close();
        resolve(null);
      };
      zip.on('entry', (entry: Entry) => {
        contents.entries += 1;
        const name = entry.fileName;
        if (!name.startsWith(prefix)) {
          contents.foreignTopLevel ??= name.split('/')[0] ?? name;
          return zip.readEntry();
        }
        const inner = name.slice(prefix.length);
        const isPhp = /^[^/]+\.php$/i.test(inner);
        const isReadme = inner.toLowerCase() === 'readme.txt';
        if (!isPhp && !isReadme) return zip.readEntry();
        readHead(zip, entry, isPhp ? HEADER_BYTES : README_BYTES).then((text) => {
          if (isPhp) contents.phpHeads.set(inner, text);
          else contents.readme = text;
          zip.readEntry();
        }, fail);
      });
      zip.on('end', () => resolve(contents));
      zip.on('error', fail);
      zip.readEntry();
    });
  });
}

/** The main file as WordPress finds it: a PHP file in the top folder with a Plugin Name header ({slug}.php first). */
function findMainFile(slug: string, phpHeads: Map<string, string>): { file: string; header: PluginHeader } | null {
  const names = [...phpHeads.keys()].sort((a, b) => Number(b === `${slug}.php`) - Number(a === `${slug}.php`) || a.localeCompare(b));
  for (const file of names) {
    const header = parsePluginHeader(phpHeads.get(file) ?? '');
    if (header.name) return { file, header };
  }
  return null;
}

const orNull = (value: string | undefined): string | null => (value?.trim() ? value.trim() : null);

function toMetadata(mainFile: string, header: PluginHeader, readme: Readme | null, version: string): ReleaseMetadata {
  return {
    mainFile,
    header,
    requiresWp: orNull(header.requiresWp) ?? orNull(readme?.requiresAtLeast),
    testedWp: orNull(readme?.testedUpTo),
    requiresPhp: orNull(header.requiresPhp) ?? orNull(readme?.requiresPhp),
    author: orNull(header.author.replace(/<[^>]*>/g, '')),
    changelog: orNull(readme?.sections.changelog),
    upgradeNotice: readme ? orNull(upgradeNoticeFor(readme, version)) : null,
  };
}

/**
 * Checks that a stored zip is the release it claims to be and reads its metadata: one top folder named
 * after the slug (WordPress installs into that folder), a main file with a plugin header, and that header's
 * Version equal to the release version (otherwise sites offered 1.2.0 install 1.1.0 and are offered it again).
 */
export async function checkPluginZip(file: string, slug: string, version: string): Promise<PluginZipCheck> {
  const contents = await readZipContents(file, slug);
  if (!contents || contents.entries === 0) return { ok: false, reason: 'unreadable', detail: 'The file is not a readable .zip archive' };
  if (contents.foreignTopLevel !== null) {
    return {
      ok: false,
      reason: 'top-folder',
      detail: `Everything in the zip must be inside one folder named "${slug}" (the plugin slug), but it has "${contents.foreignTopLevel}" at the top: zip the plugin folder itself`,
    };
  }
  const main = findMainFile(slug, contents.phpHeads);
  if (!main) {
    return {
      ok: false,
      reason: 'no-header',
      detail: `No plugin header found: the zip needs a PHP file directly in "${slug}/" whose header comment has a "Plugin Name:" line`,
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
  const readme = contents.readme === null ? null : parseReadme(contents.readme);
  return { ok: true, metadata: toMetadata(main.file, main.header, readme, version) };
}
