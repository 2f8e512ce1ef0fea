import fs from 'node:fs';
import path from 'node:path';
import yazl from 'yazl';
import { WORDPRESS_CLIENT_DOWNLOAD_PATH, wordpressClientInfoSchema, type WordpressClientInfo } from '../../../common/wordpress-client.js';
import type { App, AppContext } from '../../kernel/context.js';
import { readStoreIdentity, STORE_IDENTITY_KEY } from '../../../common/store-identity.js';

const LIBRARY = path.join('clients', 'wordpress', 'plugin-licensing-client.php');
/** The class's parts, loaded by the main file (clients/wordpress/plugin-licensing-client/*.php). */
const LIBRARY_PARTS = path.join('clients', 'wordpress', 'plugin-licensing-client');
const GUIDE = path.join('docs', 'wordpress-client.md');

/** The project folder: the nearest one up from this module (server/… in development, dist/server when built). */
function projectRoot(): string {
  for (let dir = import.meta.dirname; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, LIBRARY))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

/** The library's files and their names in a plugin: `lib/plugin-licensing-client.php` and its parts beside it. */
export function libraryFiles(root: string): Array<{ file: string; name: string }> {
  const parts = path.join(root, LIBRARY_PARTS);
  return [
    { file: path.join(root, LIBRARY), name: 'lib/plugin-licensing-client.php' },
    ...fs
      .readdirSync(parts)
      .filter((name) => name.endsWith('.php'))
      .sort()
      .map((name) => ({ file: path.join(parts, name), name: `lib/plugin-licensing-client/${name}` })),
  ];
}

/** The admin's "WordPress client" page: the snippet's values, and the library as a zip to put in a plugin. */
export function registerWordpressClientRoutes(app: App, ctx: AppContext): void {
  const root = projectRoot();
  const libraryFile = path.join(root, LIBRARY);
  const libraryVersion = /const VERSION = '([^']+)'/.exec(fs.readFileSync(libraryFile, 'utf8'))?.[1] ?? 'unknown';

  app.get(
    '/api/admin/wordpress-client',
    { config: { permission: 'tools:use' }, schema: { response: { 200: wordpressClientInfoSchema } } },
    async (request): Promise<WordpressClientInfo> => ({
      server_url: ctx.settings.baseUrl(`${request.protocol}://${request.host}`),
      public_key: ctx.signing.publicKeyBase64,
      library_version: libraryVersion,
      // The store identity read as a setting (this module sits below storefront): the client's screens follow the shop.
      ...(({ spelling, license_key_prefix }) => ({ spelling, license_key_prefix }))(readStoreIdentity(ctx.settings.getInternal(STORE_IDENTITY_KEY))),
    }),
  );

  app.get(WORDPRESS_CLIENT_DOWNLOAD_PATH, { config: { permission: 'tools:use' } }, async (_request, reply) => {
    const zip = new yazl.ZipFile();
    for (const { file, name } of libraryFiles(root)) zip.addFile(file, name);
    const guide = path.join(root, GUIDE);
    if (fs.existsSync(guide)) zip.addFile(guide, 'lib/README.md');
    zip.end();
    return reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', `attachment; filename="plugin-licensing-client-${libraryVersion}.zip"`)
      .header('Cache-Control', 'no-store')
      .send(zip.outputStream);
  });
}
