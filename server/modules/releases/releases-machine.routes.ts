import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App, AppContext } from '../../kernel/context.js';
import { updateCheckQuerySchema, updateCheckResponseSchema, type UpdateCheckQuery } from '../../../common/releases.js';
import { checkForUpdate } from './update-check.js';
import { resolveDownload, sendReleaseZip } from './serve-download.js';
import { machineApiRateLimit } from '../../http/rate-limit.js';
import { countPluginDownload } from '../plugins/index.js';

/** A whole download, or the first part of one: no Range header, or one starting at byte 0 (`bytes=0-…`). */
const startsAtFirstByte = (range: string | undefined): boolean => range === undefined || /^\s*bytes\s*=\s*0\s*-/i.test(range);

/** The public machine API of releases: update checks and signed downloads, rate limited per IP. */
export function registerReleaseMachineRoutes(app: App, ctx: AppContext): void {
  // GET keeps plugin-update-checker working; POST (the WordPress client, docs/wordpress-client.md) carries
  // the licence key in the body, so it never lands in access logs or proxies' URL records.
  const params = z.object({ slug: z.string().min(1).max(100) });
  const response = { 200: updateCheckResponseSchema };
  const answerUpdateCheck = async (request: FastifyRequest, reply: FastifyReply, slug: string, fields: UpdateCheckQuery) => {
    // Without a Base URL the request's Host decides download_url's host, and the answer carries a
    // per-licence link: no shared cache may keep it.
    reply.header('Cache-Control', 'private, no-store');
    return checkForUpdate(ctx, {
      slug,
      licenseKey: fields.license_key,
      siteUrl: fields.site_url,
      report: fields,
      channel: fields.channel,
      baseUrl: ctx.settings.baseUrl(`${request.protocol}://${request.host}`),
    });
  };
  app.get(
    '/api/v1/plugins/:slug/update',
    { onRequest: machineApiRateLimit(ctx, 'update-check-get'), schema: { params, querystring: updateCheckQuerySchema, response } },
    async (request, reply) => answerUpdateCheck(request, reply, request.params.slug, request.query),
  );
  app.post(
    '/api/v1/plugins/:slug/update',
    { onRequest: machineApiRateLimit(ctx, 'update-check-post'), schema: { params, body: updateCheckQuerySchema, response } },
    async (request, reply) => answerUpdateCheck(request, reply, request.params.slug, request.body),
  );

  app.get(
    '/api/v1/downloads/:token/:file',
    { onRequest: machineApiRateLimit(ctx, 'download'), schema: { params: z.object({ token: z.string().min(1).max(1000), file: z.string().min(1).max(300) }) } },
    async (request, reply) => {
      const download = await resolveDownload(ctx, request.params.token, request.params.file);
      reply.header('Cache-Control', 'private, no-store');
      if (download.wantsSignature) return reply.type('text/plain; charset=utf-8').send(download.release.signature);
      // The storefront's download count (docs/storefront.md, "Reviews and numbers"): one UPDATE per package served;
      // a resumed download (a Range not starting at byte 0) is the same download, not another.
      if (startsAtFirstByte(request.headers.range)) await countPluginDownload(ctx.db, download.release.plugin_slug);
      return sendReleaseZip(ctx, request, reply, download.release);
    },
  );
}
