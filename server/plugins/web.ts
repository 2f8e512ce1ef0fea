import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App, AppContext } from '../context.js';
import { ADMIN_PAGE_PATHS, matchWebRoute } from '../../common/web-routes.js';
import { toBool } from '../db/portable.js';
import { findPluginBySlug } from '../modules/plugins/plugins.repository.js';

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
const ROBOTS_TXT = ['User-agent: *', 'Allow: /', 'Disallow: /api/', ...ADMIN_PAGE_PATHS.map((page) => `Disallow: ${page}`), ''].join('\n');

/** Serves the built web app: hashed assets cached for a year, index.html for every client route. */
export async function registerWebApp(app: App, ctx: AppContext): Promise<boolean> {
  app.get('/robots.txt', async (_request, reply) => reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(ROBOTS_TXT));

  const root = ctx.config.webDistDir;
  const indexFile = path.join(root, 'index.html');
  if (!fs.existsSync(indexFile)) {
    ctx.log.warn({ root }, 'web app not built; run `npm run build` to serve the front end');
    return false;
  }
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
  return true;
}

const decodePath = (url: string): string => {
  const pathname = url.split('?')[0] ?? '/';
  try {
    return decodeURI(pathname);
  } catch {
    return pathname; // as the web router does with a malformed escape
  }
};

/** 200 where the web app renders a page; 404 where it shows its 404 page, "Plugin Not Found" or the login screen. */
export async function pageStatus(ctx: AppContext, url: string): Promise<200 | 404> {
  const match = matchWebRoute(decodePath(url));
  if (!match) return 404;
  if (match.page !== 'plugin' && match.page !== 'checkout') return 200;
  const plugin = await findPluginBySlug(ctx.db, match.slug ?? '');
  // The plugin page hides an inactive plugin ("Plugin Not Found"); checkout shows it as not available.
  const isShown = plugin !== undefined && (match.page === 'checkout' || toBool(plugin.active));
  return isShown ? 200 : 404;
}

/** Answers a client route with index.html and the status of the page the web app will render there. */
export async function sendWebPage(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const status = await pageStatus(ctx, request.url);
  // A 404 carries no ETag or Last-Modified: revalidating it would answer a 304 kept at 404, with no page.
  return reply.code(status).sendFile('index.html', status === 404 ? { etag: false, lastModified: false } : {});
}
