// get_version as EDD Software Licensing answers it, a thin adapter over the update check every other client
// uses (server/modules/releases/update-check.ts): the same latest release, licence rule and expiring signed
// link. `sections`, `banners` and `icons` are JSON objects, never PHP-serialised strings: the updater runs
// maybe_unserialize on them, which leaves a decoded object as it is.
import type { AppContext } from '../../kernel/context.js';
import type { EddRequest, EddVersionAnswer } from '../../../common/edd-compat.js';
import { AppError } from '../../lib/errors.js';
import { canonicalKey } from '../licenses/index.js';
import { findLicenseByKey } from '../licenses/index.js';
import { findPluginBySlug, type EddItemPlugin } from '../plugins/index.js';
import { checkForUpdate } from '../releases/index.js';
import { lookUpItem } from './edd-items.js';
import { eddDate, siteReport } from './edd-license.service.js';

const noVersion = (msg: string): EddVersionAnswer => ({
  new_version: '',
  stable_version: '',
  sections: '',
  homepage: '',
  package: '',
  icons: {},
  banners: {},
  msg,
});

/** The plugin asked about: the item, else the licence's plugin, else the `slug` (EDD's order, then ours). */
async function findAskedPlugin(ctx: AppContext, request: EddRequest, key: string): Promise<EddItemPlugin | string> {
  const item = await lookUpItem(ctx.db, request, true);
  if (item.by === 'id') return item.plugin ?? 'Item ID provided does not match a valid Download';
  if (item.by === 'name') return item.plugin ?? 'Item name provided does not match a valid Download';
  if (key) {
    const license = await findLicenseByKey(ctx.db, canonicalKey(key));
    const plugin = license && (await findPluginBySlug(ctx.db, license.plugin_slug));
    return plugin ?? 'License key provided does not match a valid Download';
  }
  const slug = request.slug?.trim();
  return (slug && (await findPluginBySlug(ctx.db, slug))) || 'No item provided';
}

export async function eddGetVersion(ctx: AppContext, request: EddRequest, site: string | undefined, baseUrl: string): Promise<EddVersionAnswer> {
  const key = request.license?.trim() ?? '';
  const plugin = await findAskedPlugin(ctx, request, key);
  if (typeof plugin === 'string') return noVersion(plugin);
  let update;
  try {
    update = await checkForUpdate(ctx, {
      slug: plugin.slug,
      baseUrl,
      ...(key && { licenseKey: key }),
      ...(site && { siteUrl: site }),
      report: siteReport(request),
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return noVersion(error.message);
    throw error;
  }
  const link = update.download_url ?? '';
  const msg = key ? update.package_withheld?.message : 'No license key has been provided.';
  return {
    new_version: update.version,
    stable_version: update.version,
    name: update.name,
    slug: request.slug?.trim() || update.slug,
    url: update.homepage,
    homepage: update.homepage,
    last_updated: eddDate(update.last_updated),
    package: link,
    download_link: link,
    sections: update.sections,
    banners: update.banners,
    icons: update.icons,
    ...(update.requires !== null && { requires: update.requires }),
    ...(update.tested !== null && { tested: update.tested }),
    ...(update.requires_php !== null && { requires_php: update.requires_php }),
    ...(msg && { msg }),
  };
}
