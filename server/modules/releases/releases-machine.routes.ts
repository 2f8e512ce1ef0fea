import fs from 'node:fs';
import { z } from 'zod';
import type { App, AppContext } from '../../context.js';
import { updateCheckQuerySchema, updateCheckResponseSchema } from '../../../common/releases.js';
import { checkForUpdate } from './update-check.js';
import { resolveDownload } from './serve-download.js';
import { machineApiRateLimit } from '../../plugins/rate-limit.js';

/** The public machine API of releases: update checks and signed downloads, rate limited per IP. */
export function registerReleaseMachineRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/api/v1/plugins/:slug/update',
    {
      onRequest: machineApiRateLimit(ctx),
      schema: { params: z.object({ slug: z.string().min(1).max(100) }), querystring: updateCheckQuerySchema, response: { 200: updateCheckResponseSchema } },
    },
    async (request, reply) => {
      // Without a Base URL the request's Host decides download_url's host, and the answer carries a
      // per-licence link: no shared cache may keep it.
      reply.header('Cache-Control', 'private, no-store');
      return checkForUpdate(ctx, {
        slug: request.params.slug,
        licenseKey: request.query.license_key,
        siteUrl: request.query.site_url,
        baseUrl: ctx.settings.baseUrl(`${request.protocol}://${request.host}`),
      });
    },
  );

  app.get(
    '/api/v1/downloads/:token/:file',
    { onRequest: machineApiRateLimit(ctx), schema: { params: z.object({ token: z.string().min(1).max(1000), file: z.string().min(1).max(300) }) } },
    async (request, reply) => {
      const download = await resolveDownload(ctx, request.params.token, request.params.file);
      reply.header('Cache-Control', 'private, no-store');
      if (download.wantsSignature) return reply.type('text/plain; charset=utf-8').send(download.release.signature);
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Length', String(download.release.file_size))
        .header('Content-Disposition', `attachment; filename="${download.fileName}"`)
        .header('X-Content-Signature', download.release.signature)
        .send(fs.createReadStream(download.filePath));
    },
  );
}
