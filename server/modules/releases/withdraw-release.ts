import type { AppContext } from '../../kernel/context.js';
import { AppError } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import type { Release } from '../../../common/releases.js';
import { releaseKey } from '../../lib/object-storage.js';
import { compareVersions } from '../../../common/versions.js';
import { chooseRelease } from './release-choice.js';
import { deleteUnofferedRelease, findReleaseById, listReleases, setReleaseWithdrawn, toRelease } from './releases.repository.js';

async function existingRelease(ctx: AppContext, id: number) {
  const release = await findReleaseById(ctx.db, id);
  if (!release) throw new AppError('NOT_FOUND', `No release with id ${id}`);
  return release;
}

/**
 * Withdraws a release (or restores it): a withdrawn release is never offered by the update check or the
 * licence e-mail, its download links are refused, and the file stays for audit. Either way the plugin's
 * current_version follows the latest release left.
 */
export async function setWithdrawn(ctx: AppContext, id: number, withdrawn: boolean): Promise<Release> {
  const release = await existingRelease(ctx, id);
  if (Boolean(release.withdrawn_at) === withdrawn) return toRelease(release);
  const now = nowIso();
  const row = await setReleaseWithdrawn(ctx.db, id, withdrawn ? now : null, now);
  if (!row) throw new AppError('NOT_FOUND', `No release with id ${id}`);
  return toRelease(row);
}

/**
 * "Withdraw and offer previous release" (docs/releases.md, "Rollback"): withdraws the release (or keeps it
 * withdrawn) and marks it `rollback_at`, so the update check offers the sites that run it the release before
 * it, with a `rollback` the WordPress client installs. 409 when no earlier release would be offered: nothing
 * changes then.
 */
export async function withdrawWithRollback(ctx: AppContext, id: number): Promise<Release> {
  const release = await existingRelease(ctx, id);
  if (release.withdrawn_at && release.rollback_at) return toRelease(release);
  const lower = (await listReleases(ctx.db, release.plugin_slug)).filter((other) => compareVersions(other.version, release.version) < 0);
  if (!chooseRelease(lower, release.channel === 'beta' ? 'beta' : 'stable', null)) {
    throw new AppError(
      'CONFLICT',
      `No release below ${release.version} is offered to every site, so there is nothing to roll back to: restore or upload an earlier version, or withdraw without a rollback`,
    );
  }
  const now = nowIso();
  const row = await setReleaseWithdrawn(ctx.db, id, release.withdrawn_at ?? now, now, now);
  if (!row) throw new AppError('NOT_FOUND', `No release with id ${id}`);
  return toRelease(row);
}

/**
 * Deletes a release no site was ever offered (a mistaken upload): the row and the file. One that was
 * offered may already be installed somewhere, so it can only be withdrawn (409 says so).
 */
export async function deleteRelease(ctx: AppContext, id: number): Promise<void> {
  const release = await existingRelease(ctx, id);
  const offered = `Version ${release.version} was already offered to sites on ${release.offered_at?.slice(0, 10) ?? ''}: withdraw it instead (its file is kept for audit)`;
  if (release.offered_at) throw new AppError('CONFLICT', offered);
  const now = nowIso();
  const deleted = await deleteUnofferedRelease(ctx.db, id, now);
  if (!deleted) {
    const again = await findReleaseById(ctx.db, id);
    throw again
      ? new AppError('CONFLICT', `Version ${again.version} was just offered to a site: withdraw it instead`)
      : new AppError('NOT_FOUND', `No release with id ${id}`);
  }
  // The row is gone (a retry would answer 404), so a file the store fails to delete is logged, not answered.
  await ctx.objects
    .delete(releaseKey(deleted.zip_path))
    .catch((error: unknown) =>
      ctx.log.error({ err: error, zip_path: deleted.zip_path }, "The deleted release's file could not be removed from the object store"),
    );
}

/** Removes the stored zips of releases whose rows are gone; a file the store fails to delete is logged. */
export async function removeReleaseFiles(ctx: AppContext, zipPaths: string[]): Promise<void> {
  for (const zipPath of zipPaths) {
    await ctx.objects
      .delete(releaseKey(zipPath))
      .catch((error: unknown) => ctx.log.error({ err: error, zip_path: zipPath }, "A removed release's file could not be deleted from the object store"));
  }
}
