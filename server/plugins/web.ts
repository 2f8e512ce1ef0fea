import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { App, AppContext } from '../context.js';

/** Serves the built web app: hashed assets cached for a year, index.html for every client route. */
export async function registerWebApp(app: App, ctx: AppContext): Promise<boolean> {
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
    setHeaders: (response, filePath: string) => {
      const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      response.header('Cache-Control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}
