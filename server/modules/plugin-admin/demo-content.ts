import { LICENSING_PLUGIN_SLUG, POSTCODE_PLUGIN_SLUG } from '../../db/seed.js';
import { unitOfWork } from '../../kernel/events.js';
import type { DemoContent } from '../../../common/plugin-admin.js';
import type { AppContext } from '../../kernel/context.js';
import { AppError } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { recordActivity } from '../activities/index.js';
import { listImages } from '../images/index.js';
import { countLicensesOfPlugin } from '../licenses/index.js';
import { countOrdersOfPlugin } from '../orders/index.js';
import { deletePluginRow, findPluginBySlug, lockPlugin } from '../plugins/index.js';
import { deleteTiersOfPlugin } from '../prices/index.js';
import { deleteReleasesOfPlugin, removeReleaseFiles } from '../releases/index.js';
import { readSetting } from '../settings/index.js';
import { demoIdentityChanges, replaceDemoIdentity } from '../storefront/index.js';
import { ANY_RELEASE_MIN_VERSION } from '../../../common/versions.js';
import type { Db } from '../../db/database.js';

// "Remove demo content" (issue 25; docs/plugins.md): a shop that started with the seeded demo deletes its demo
// plugins with their releases, images and tiers, as long as none of them has sold: once a demo plugin has an order
// or a licence, a buyer depends on it, and the vendor retires it instead.

/** The plugins the demo seed creates (server/db/seed.ts). */
export const DEMO_PLUGIN_SLUGS = [POSTCODE_PLUGIN_SLUG, LICENSING_PLUGIN_SLUG] as const;

async function blockers(db: Db, slugs: string[]): Promise<string[]> {
  const reasons: string[] = [];
  for (const slug of slugs) {
    const [orders, licenses] = [await countOrdersOfPlugin(db, slug), await countLicensesOfPlugin(db, slug)];
    if (orders > 0 || licenses > 0)
      reasons.push(
        `${slug} has ${[orders > 0 ? `${orders} order${orders === 1 ? '' : 's'}` : '', licenses > 0 ? `${licenses} licence${licenses === 1 ? '' : 's'}` : ''].filter(Boolean).join(' and ')}`,
      );
  }
  return reasons;
}

async function presentSlugs(db: Db): Promise<string[]> {
  const present: string[] = [];
  for (const slug of DEMO_PLUGIN_SLUGS) if (await findPluginBySlug(db, slug)) present.push(slug);
  return present;
}

const refusal = (reasons: string[]) => `The demo content can no longer be removed: ${reasons.join('; ')}. Retire the demo plugins on their pages instead.`;

export async function demoContent(ctx: AppContext): Promise<DemoContent> {
  const plugins = await presentSlugs(ctx.db);
  const reasons = await blockers(ctx.db, plugins);
  return {
    plugins,
    removable: plugins.length > 0 && reasons.length === 0,
    blocked_by: reasons.length > 0 ? refusal(reasons) : null,
    identity: await demoIdentityChanges(ctx.db),
  };
}

/**
 * Deletes the demo plugins and, asked to, replaces the demo store identity and pages with neutral starting texts
 * (issue 40): both in one unit of work, so a refusal or a failure leaves everything as it was.
 */
export async function removeDemoContent(ctx: AppContext, options: { replaceIdentity: boolean }): Promise<DemoContent> {
  const plugins = await presentSlugs(ctx.db);
  const identityLeft = options.replaceIdentity && (await demoIdentityChanges(ctx.db)).length > 0;
  if (plugins.length === 0 && !identityLeft) throw new AppError('NOT_FOUND', 'There is no demo content left to remove');
  const reasons = await blockers(ctx.db, plugins);
  if (reasons.length > 0) throw new AppError('CONFLICT', refusal(reasons));
  // Images first, each through the images module (its rows, then its files); then the rest in one transaction that
  // checks again under the plugins' locks, so a sale that lands meanwhile keeps everything.
  for (const slug of plugins) for (const image of await listImages(ctx.db, slug)) await ctx.images.remove(slug, image.id);
  const { zips, replaced } = await unitOfWork(ctx, async (unit) => {
    const { trx } = unit;
    for (const slug of plugins) await lockPlugin(trx, slug);
    const late = await blockers(trx, plugins);
    if (late.length > 0) throw new AppError('CONFLICT', refusal(late));
    const paths: string[] = [];
    for (const slug of plugins) {
      paths.push(...(await deleteReleasesOfPlugin(trx, slug)));
      await deleteTiersOfPlugin(trx, slug);
      await deletePluginRow(trx, slug);
    }
    const changed = options.replaceIdentity ? await replaceDemoIdentity(unit) : 0;
    await recordActivity(trx, 'demo_content_removed', { plugins, releases: paths.length, identity_changes: changed }, nowIso());
    return { zips: paths, replaced: changed };
  });
  // The settings cache takes the new identity once it has committed (another instance hears of it as of any write).
  if (replaced > 0) await ctx.settings.load();
  await removeReleaseFiles(ctx, zips);
  // The specification's minimum version (1.7.51) was the demo's: left at its default, the vendor's own releases
  // from 1.0.0 go on sale (common/versions.ts). A minimum the vendor chose stays.
  if (plugins.length > 0 && (await readSetting(ctx.db, 'min_release_version')) === undefined)
    await ctx.settings.setInternal({ min_release_version: ANY_RELEASE_MIN_VERSION });
  return demoContent(ctx);
}
