import { randomBytes } from 'node:crypto';
import yazl from 'yazl';

/** Ends a yazl zip and collects its bytes. */
function finish(zip: yazl.ZipFile): Promise<Buffer> {
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** A zip of the given entries (name → content; a name ending in "/" is a folder entry), in memory. */
export function makeZip(entries: Record<string, string | Buffer>, padding?: { name: string; bytes: number }): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(entries)) {
    if (name.endsWith('/')) zip.addEmptyDirectory(name);
    else zip.addBuffer(Buffer.from(content), name);
  }
  if (padding && padding.bytes > 0) zip.addBuffer(randomBytes(padding.bytes), padding.name, { compress: false });
  return finish(zip);
}

/**
 * A zip of `count` tiny files `{folder}/files/f{n}.txt` (stored, not compressed, so 20,000 take about a
 * second to make) after the given entries.
 */
export function makeZipOfManyFiles(entries: Record<string, string>, folder: string, count: number): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(entries)) zip.addBuffer(Buffer.from(content), name);
  const tiny = Buffer.from('x');
  for (let n = 0; n < count; n++) zip.addBuffer(tiny, `${folder}/files/f${n}.txt`, { compress: false });
  return finish(zip);
}

/** A plugin main file's header comment, WordPress style. */
export const pluginMainFile = (name: string, version: string, extra = ''): string =>
  `<?php\n/**\n * Plugin Name: ${name}\n * Version: ${version}\n${extra} */\n`;

/**
 * A valid plugin zip: folder `{slug}/` with `{slug}.php` whose header says `version`; `padding` adds
 * incompressible bytes to make it larger; `readme` adds `{slug}/readme.txt`.
 */
export function makePluginZip(slug: string, version: string, padding = 0, readme?: string): Promise<Buffer> {
  return makeZip(
    { [`${slug}/${slug}.php`]: pluginMainFile(slug, version), ...(readme === undefined ? {} : { [`${slug}/readme.txt`]: readme }) },
    { name: `${slug}/assets/blob.bin`, bytes: padding },
  );
}

/** A multipart/form-data body for app.inject: text fields first, then the optional file. */
export function multipartBody(fields: Record<string, string>, file?: { name?: string; filename?: string; content: Buffer }) {
  const boundary = `----releases${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'file'}"; filename="${file.filename ?? 'plugin.zip'}"\r\nContent-Type: application/zip\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
