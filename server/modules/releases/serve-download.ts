import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../kernel/context.js';
import { AppError } from '../../lib/errors.js';
import { releaseKey } from '../../lib/object-storage.js';
import { sendStoredObject } from '../../lib/object-storage-http.js';
import { effectiveStatus } from '../licenses/index.js';
import { downloadSecret, verifyDownloadToken } from './download-token.service.js';
import { downloadFileName } from './download-links.service.js';
import { findLicenseForDownload } from '../licenses/index.js';
import { findReleaseById, type ReleaseRow } from './releases.repository.js';

export interface ResolvedDownload {
  release: ReleaseRow;
  fileName: string;
  wantsSignature: boolean;
}

/**
 * Checks a signed download link: the token's MAC and expiry, the file name it is used with, and the
 * licence again at download time (revoked or expired → 403), and that the release was not withdrawn (403).
 */
export async function resolveDownload(ctx: AppContext, token: string, file: string): Promise<ResolvedDownload> {
  const check = verifyDownloadToken(downloadSecret(ctx), token);
  if (!check.ok) {
    throw new AppError(
      'FORBIDDEN',
      check.reason === 'expired' ? 'This download link has expired: check for updates again to get a new one' : 'This download link is not valid',
    );
  }
  const release = await findReleaseById(ctx.db, check.claims.releaseId);
  if (!release) throw new AppError('NOT_FOUND', 'This release no longer exists');
  // Links made before a withdrawal are refused too: the token names the release, and it is checked here.
  if (release.withdrawn_at) throw new AppError('FORBIDDEN', `Version ${release.version} was withdrawn: check for updates again to get the current version`);
  const fileName = downloadFileName(release);
  const wantsSignature = file === `${fileName}.sig`;
  if (file !== fileName && !wantsSignature) throw new AppError('NOT_FOUND', `This link downloads ${fileName}`);

  const license = await findLicenseForDownload(ctx.db, check.claims.licenseId);
  if (!license || license.plugin_slug !== release.plugin_slug) throw new AppError('FORBIDDEN', 'The licence for this download is not valid');
  const status = effectiveStatus(license);
  if (status !== 'active') throw new AppError('FORBIDDEN', `The licence for this download is ${status}`);
  return { release, fileName, wantsSignature };
}

/**
 * Streams a release zip from the object store (DATA_DIR or the bucket) through this server, so the licence is
 * checked at download time and the answer names the file and carries its signature whatever the store
 * (docs/object-storage.md says why there is no redirect to the bucket). One byte range is answered with 206,
 * so an interrupted download can resume.
 */
export function sendReleaseZip(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, release: ReleaseRow): Promise<FastifyReply> {
  return sendStoredObject(request, reply, ctx.objects, releaseKey(release.zip_path), {
    contentType: 'application/zip',
    size: release.file_size,
    missing: 'The release file is missing on the server',
    headers: { 'Content-Disposition': `attachment; filename="${downloadFileName(release)}"`, 'X-Content-Signature': release.signature },
  });
}
