import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { effectiveStatus } from '../licences/licence-access.js';
import { downloadSecret, verifyDownloadToken } from './download-token.js';
import { downloadFileName } from './download-links.js';
import { releasesDir } from './release-storage.js';
import { findLicenceForDownload, findReleaseById, type ReleaseRow } from './releases.repository.js';

export interface ResolvedDownload {
  release: ReleaseRow;
  filePath: string;
  fileName: string;
  wantsSignature: boolean;
}

/**
 * Checks a signed download link: the token's MAC and expiry, the file name it is used with, and the
 * licence again at download time (revoked or expired → 403), and that the release was not withdrawn (403).
 */
export async function resolveDownload(ctx: AppContext, token: string, file: string): Promise<ResolvedDownload> {
  const check = verifyDownloadToken(downloadSecret(ctx.config.dataDir), token);
  if (!check.ok) {
    throw new AppError('FORBIDDEN', check.reason === 'expired' ? 'This download link has expired: check for updates again to get a new one' : 'This download link is not valid');
  }
  const release = await findReleaseById(ctx.db, check.claims.releaseId);
  if (!release) throw new AppError('NOT_FOUND', 'This release no longer exists');
  // Links made before a withdrawal are refused too: the token names the release, and it is checked here.
  if (release.withdrawn_at) throw new AppError('FORBIDDEN', `Version ${release.version} was withdrawn: check for updates again to get the current version`);
  const fileName = downloadFileName(release);
  const wantsSignature = file === `${fileName}.sig`;
  if (file !== fileName && !wantsSignature) throw new AppError('NOT_FOUND', `This link downloads ${fileName}`);

  const licence = await findLicenceForDownload(ctx.db, check.claims.licenseId);
  if (!licence || licence.plugin_slug !== release.plugin_slug) throw new AppError('FORBIDDEN', 'The licence for this download is not valid');
  const status = effectiveStatus(licence);
  if (status !== 'active') throw new AppError('FORBIDDEN', `The licence for this download is ${status}`);

  const filePath = path.join(releasesDir(ctx.config.dataDir), release.zip_path);
  if (!wantsSignature && !fs.existsSync(filePath)) throw new AppError('NOT_FOUND', 'The release file is missing on the server');
  return { release, filePath, fileName, wantsSignature };
}
