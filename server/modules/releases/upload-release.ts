import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { AppContext } from '../../kernel/context.js';
import { AppError } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { findNulPath, nulRefusal } from '../../lib/nul-bytes.js';
import { releaseKey } from '../../lib/object-storage.js';
import { findPluginBySlug } from '../plugins/index.js';
import { publishRelease } from './publish-release.js';
import type { ReleaseUploadFields } from '../../../common/releases.js';
import { FileTooLargeError, discard, releasesDir, storeUpload } from './release-storage.js';
import { checkPluginZip } from './plugin-zip.js';
import { isUniqueViolation } from '../../db/portable.js';
import { findRelease, listReleases, toRelease } from './releases.repository.js';
import { releaseNotice } from './release-notices.js';

export interface UploadInput {
  fields: ReleaseUploadFields;
  file: Readable & { truncated?: boolean };
  /** Sets created_at (the demo release); uploads use the current time. */
  createdAt?: string;
  /** Aborts when the client has gone (abortWhenClientLeaves): the work stops and nothing is stored. */
  signal?: AbortSignal;
}

const duplicateMessage = (fields: ReleaseUploadFields) => `Version ${fields.version} of ${fields.plugin_slug} already exists`;

/**
 * Stores, hashes and signs an uploaded release zip, after checking it is the release it claims to be
 * (plugin-zip.ts) and reading its requires/tested/author/changelog. Every refusal leaves nothing behind:
 * the temporary file is removed and no row is written.
 */
export async function uploadRelease(ctx: AppContext, { fields, file, createdAt, signal }: UploadInput) {
  const nulField = findNulPath(fields);
  if (nulField !== undefined) {
    await discard(file);
    throw nulRefusal('form', nulField);
  }
  const plugin = await findPluginBySlug(ctx.db, fields.plugin_slug);
  if (!plugin) {
    await discard(file);
    throw new AppError('UNPROCESSABLE', `Unknown plugin "${fields.plugin_slug}": choose one of the plugins listed in Plugin Settings`);
  }
  if (await findRelease(ctx.db, plugin.slug, fields.version)) {
    await discard(file);
    throw new AppError('CONFLICT', duplicateMessage(fields));
  }

  const maxMb = ctx.settings.get('max_file_size_mb');
  const dir = releasesDir(ctx.config.dataDir);
  let stored;
  try {
    stored = await storeUpload(file, dir, maxMb * 1024 * 1024);
  } catch (error) {
    if (error instanceof FileTooLargeError) {
      throw new AppError('PAYLOAD_TOO_LARGE', `The file is larger than the maximum of ${maxMb} MB (change it in Settings)`);
    }
    throw error;
  }
  const store = ctx.objects;
  let storedKey: string | undefined;
  try {
    if (stored.size === 0) throw new AppError('BAD_REQUEST', 'The file is empty: choose the plugin .zip file');
    signal?.throwIfAborted();
    const zip = await checkPluginZip(stored.file, plugin.slug, fields.version, signal);
    if (!zip.ok) throw new AppError('BAD_REQUEST', zip.detail);
    const { metadata } = zip;

    const signature = ctx.signing.signDigest(stored.digest);
    const safeSlug = plugin.slug.replace(/[^a-z0-9-]/gi, '').toLowerCase() || 'plugin';
    const zipPath = `${safeSlug}-${fields.version}-${randomBytes(6).toString('hex')}.zip`;
    // Checked and signed from the local temp file, then moved (disk) or streamed (S3) into the store.
    signal?.throwIfAborted();
    storedKey = releaseKey(zipPath);
    await store.putFile(storedKey, stored.file, 'application/zip');
    signal?.throwIfAborted(); // the last point before the row: a client gone by now leaves nothing

    const row = await publishRelease(
      ctx,
      {
        plugin_slug: plugin.slug,
        version: fields.version,
        notes: fields.notes,
        zip_path: zipPath,
        file_size: stored.size,
        sha384: stored.digest.toString('hex'),
        signature,
        created_at: createdAt ?? nowIso(),
        requires_wp: metadata.requiresWp,
        tested_wp: metadata.testedWp,
        requires_php: metadata.requiresPhp,
        author: metadata.author,
        upgrade_notice: metadata.upgradeNotice,
        channel: fields.channel,
        rollout_percent: fields.rollout_percent,
      },
      nowIso(),
      metadata.changelog !== null && metadata.changelogHtml !== null ? { changelog: metadata.changelog, html: metadata.changelogHtml } : null,
    );
    return toRelease(row, releaseNotice(row, await listReleases(ctx.db, plugin.slug)));
  } catch (error) {
    await fs.promises.rm(stored.file, { force: true });
    // A cleanup failure (the bucket unreachable) must not hide the reason the upload failed.
    if (storedKey) await store.delete(storedKey).catch(() => undefined);
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', duplicateMessage(fields));
    throw error;
  }
}
