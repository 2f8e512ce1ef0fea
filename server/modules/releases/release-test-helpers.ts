import { randomBytes } from 'node:crypto';
import yazl from 'yazl';

/** A real zip holding a plugin folder; `padding` adds incompressible bytes to make it larger. */
export function makePluginZip(slug: string, version: string, padding = 0): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(`<?php\n/**\n * Plugin Name: ${slug}\n * Version: ${version}\n */\n`), `${slug}/${slug}.php`);
  if (padding > 0) zip.addBuffer(randomBytes(padding), `${slug}/assets/blob.bin`, { compress: false });
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
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
