import { MAX_IMAGE_BYTES } from '../../../common/images.js';
import { storeIdentitySchema, storeIdentityUpdateSchema } from '../../../common/store-identity.js';
import { storePageParamsSchema, storePageSchema, storePageUpdateSchema } from '../../../common/store-pages.js';
import { getStorePage, listStorePages, updateStorePage } from './store-pages.service.js';
import type { App, AppContext } from '../../kernel/context.js';
import { AppError } from '../../lib/errors.js';
import { assertNoNul } from '../../lib/nul-bytes.js';
import { withUploads } from '../../http/uploads.js';
import { deleteStoreLogo, replaceStoreLogo, storeIdentity, updateStoreIdentity } from './storefront.service.js';

const LOGO_FIELD = 'logo';

/** The store identity: public read for the storefront, admin edit (docs/storefront.md, "Store identity"). */
export async function registerStorefrontRoutes(app: App, ctx: AppContext): Promise<void> {
  const response = { 200: storeIdentitySchema };

  app.get('/api/storefront', { schema: { response } }, async () => storeIdentity(ctx.settings));
  app.get('/api/admin/storefront', { config: { permission: 'settings:read' }, schema: { response } }, async () => storeIdentity(ctx.settings));

  app.put('/api/admin/storefront', { config: { permission: 'settings:write' }, schema: { body: storeIdentityUpdateSchema, response } }, async (request) =>
    updateStoreIdentity(ctx, request.body),
  );

  await withUploads(app, (scope) =>
    scope.post('/api/admin/storefront/logo', { config: { permission: 'settings:write' }, schema: { response } }, async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the logo as multipart/form-data in the field "${LOGO_FIELD}"`);
      try {
        const part = await request.file({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } });
        if (!part) throw new AppError('BAD_REQUEST', `No file received: send the logo in the field "${LOGO_FIELD}"`);
        assertNoNul(part.fieldname, 'field name');
        if (part.fieldname !== LOGO_FIELD) throw new AppError('BAD_REQUEST', `Send the logo in the field "${LOGO_FIELD}", not "${part.fieldname}"`);
        return await replaceStoreLogo(ctx, part.file);
      } catch (error) {
        // A refusal before the whole body was read (413, 415): close the connection, as the image upload does
        // (server/modules/images/images.routes.ts), or the unread rest blocks the next request on it.
        if (!request.raw.complete) reply.header('connection', 'close');
        throw error;
      }
    }),
  );

  app.delete('/api/admin/storefront/logo', { config: { permission: 'settings:write' }, schema: { response } }, async () => deleteStoreLogo(ctx));

  // The vendor's text pages (docs/storefront.md, "Pages").
  const page = { 200: storePageSchema };
  app.get('/api/pages/:slug', { schema: { params: storePageParamsSchema, response: page } }, async (request) => getStorePage(ctx.db, request.params.slug));
  app.get('/api/admin/pages', { config: { permission: 'settings:read' }, schema: { response: { 200: storePageSchema.array() } } }, async () =>
    listStorePages(ctx.db),
  );
  app.put(
    '/api/admin/pages/:slug',
    { config: { permission: 'settings:write' }, schema: { params: storePageParamsSchema, body: storePageUpdateSchema, response: page } },
    async (request) => updateStorePage(ctx.db, request.params.slug, request.body),
  );
}
