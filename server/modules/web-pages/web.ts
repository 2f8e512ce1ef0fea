import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App, AppContext } from '../../kernel/context.js';
import { ADMIN_PAGE_PATHS } from '../../../common/web-routes.js';
import { injectHead, renderSitemap, resolvePage } from './page-meta.js';
import { readPagePreloads, type PagePreloads } from './page-preload.js';

// No other site may frame the pages (the admin's buttons revoke licences), nor sniff their type.
const PAGE_HEADERS = {
  'Cache-Control': 'no-cache',
  'Content-Security-Policy': "frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/** The headers of every HTML answer: client routes, `/` and `/index.html` requested directly. */
export const setPageHeaders = (reply: FastifyReply): FastifyReply => reply.headers(PAGE_HEADERS);

// Crawlers may index the storefront; the admin pages and the API are not for them.
const ROBOTS_RULES = ['User-agent: *', 'Allow: /', 'Disallow: /api/', ...ADMIN_PAGE_PATHS.map((page) => `Disallow: ${page}`)];

/** Absolute URLs start from the base URL setting, else the origin the request came to (as download links do). */
const siteOrigin = (ctx: AppContext, request: FastifyRequest): string => ctx.settings.baseUrl(`${request.protocol}://${request.host}`);

/** Answers a client route (the app's not-found handler calls it for every GET that no route matched). */
export type SendWebPage = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/**
 * Serves the built web app: hashed assets cached for a year, index.html for every client route. Answers how to
 * send a page, or null when the web app is not built. index.html and the pages' chunks are read once, here (a
 * deployment replaces the build and restarts).
 */
export async function registerWebApp(app: App, ctx: AppContext): Promise<SendWebPage | null> {
  app.get('/robots.txt', async (request, reply) => {
    const body = [...ROBOTS_RULES, '', `Sitemap: ${siteOrigin(ctx, request)}/sitemap.xml`, ''].join('\n');
    return reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(body);
  });
  app.get('/sitemap.xml', async (request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(await renderSitemap(ctx, siteOrigin(ctx, request))),
  );

  const root = ctx.config.webDistDir;
  const indexFile = path.join(root, 'index.html');
  if (!fs.existsSync(indexFile)) {
    ctx.log.warn({ root }, 'web app not built; run `npm run build` to serve the front end');
    return null;
  }
  const build = { template: fs.readFileSync(indexFile, 'utf8'), preloads: readPagePreloads(root) };
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    setHeaders: (reply, filePath: string) => {
      if (filePath.endsWith('.html')) {
        setPageHeaders(reply);
        return;
      }
      const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('Cache-Control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return (request, reply) => sendWebPage(ctx, build, request, reply);
}

/**
 * Answers a client route with index.html carrying the page's title, description, canonical and Open Graph
 * tags and its first-view data (page-meta.ts), with the status of the page the web app renders.
 */
async function sendWebPage(
  ctx: AppContext,
  build: { template: string; preloads: PagePreloads },
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const head = await resolvePage(ctx, request.url, siteOrigin(ctx, request));
  const preloads = (head.page && build.preloads.get(head.page)) || [];
  // No ETag or Last-Modified: the page holds live catalogue data, and a revalidated 404 would become an empty 304.
  return setPageHeaders(reply.code(head.status))
    .type('text/html; charset=utf-8')
    .send(injectHead(build.template, head, preloads));
}
