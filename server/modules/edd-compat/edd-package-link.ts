// Old EDD package links (issue 38): a site whose update list still holds a package link from the EDD store,
// `/edd-sl/package_download/{token}`, asks this shop for it after the move. EDD wrote the token as
// base64( "expires:license_key:download_id:hash:url:beta" ) with the url's `:` written `@`
// (EDD_SL_Package_Download::get_encoded_download_package_url). A link whose licence is valid and active on the
// site it names, for the plugin of that EDD download, is redirected to this shop's current signed package for
// that site; anything else is a 4xx saying how to get a current link (docs/migrating.md).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../kernel/context.js';
import { AppError } from '../../lib/errors.js';
import { canonicalKey, findLicenseByKey, normalizeSiteUrl } from '../licenses/index.js';
import { listEddItemPlugins } from '../plugins/index.js';
import { checkForUpdate } from '../releases/index.js';

export interface OldPackageLink {
  licenseKey: string;
  itemId: number;
  site: string | null;
}

const CHECK_AGAIN = 'In WordPress, go to Dashboard → Updates and click "Check again" to get a current link.';

/** The token's licence key, EDD download id and site, or why it is not an EDD package link. */
export function parseOldPackageToken(token: string): OldPackageLink | { error: string } {
  const cleaned = token.replace(/\/+$/, '');
  const notALink = { error: `This is not an update link of this shop. ${CHECK_AGAIN}` };
  if (!cleaned || cleaned.length > 4096 || !/^[A-Za-z0-9+/]+={0,2}$/.test(cleaned)) return notALink;
  const parts = Buffer.from(cleaned, 'base64').toString('utf8').split(':');
  if (parts.length < 6) return notALink;
  const [, key, downloadId, , url] = parts;
  if (!key || !/^\d{1,10}$/.test(downloadId ?? '')) return notALink;
  const itemId = Number(downloadId);
  return { licenseKey: key.trim(), itemId, site: url ? normalizeSiteUrl(url.replaceAll('@', ':')) : null };
}

const refuse = (reply: FastifyReply, status: number, error: string, message: string) =>
  reply.code(status).header('Cache-Control', 'private, no-store').send({ error, message });

export function answerOldPackageLink(ctx: AppContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const link = parseOldPackageToken((request.params as { '*'?: string })['*'] ?? '');
    if ('error' in link) return refuse(reply, 404, 'NOT_FOUND', link.error);
    const license = await findLicenseByKey(ctx.db, canonicalKey(link.licenseKey));
    if (!license) return refuse(reply, 403, 'FORBIDDEN', `This update link's licence key is not known here. ${CHECK_AGAIN}`);
    const items = await listEddItemPlugins(ctx.db);
    const plugin = items.find((item) => item.edd_item_id === link.itemId);
    if (plugin && plugin.slug !== license.plugin_slug) {
      return refuse(reply, 403, 'FORBIDDEN', `This update link's licence is not for ${plugin.name}. ${CHECK_AGAIN}`);
    }
    if (!link.site) return refuse(reply, 403, 'FORBIDDEN', `This update link names no site. ${CHECK_AGAIN}`);
    let update;
    try {
      update = await checkForUpdate(ctx, {
        slug: license.plugin_slug,
        baseUrl: ctx.settings.baseUrl(`${request.protocol}://${request.host}`),
        licenseKey: link.licenseKey,
        siteUrl: link.site,
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return refuse(reply, 404, 'NOT_FOUND', `${error.message}. ${CHECK_AGAIN}`);
      throw error;
    }
    if (!update.download_url) {
      return refuse(reply, 403, 'FORBIDDEN', `${update.package_withheld?.message ?? 'The licence does not entitle this site to updates.'} ${CHECK_AGAIN}`);
    }
    // The current release's expiring signed link for this site (its signature in X-Content-Signature there).
    return reply.code(302).header('Cache-Control', 'private, no-store').redirect(update.download_url);
  };
}
