import fastifyStatic from '@fastify/static';
import { z } from 'zod';
import {
  imageCreateSchema,
  imageParamsSchema,
  imagePatchSchema,
  imageUploadResponseSchema,
  MAX_IMAGE_BYTES,
  pluginImageSchema,
} from '../../../common/images.js';
import { pluginSlugParamsSchema } from '../../../common/plugin-admin.js';
import type { App, AppContext } from '../../kernel/context.js';
import { AppError } from '../../lib/errors.js';
import { withUploads } from '../../http/uploads.js';
import { MEDIA_PREFIX } from './images.storage.js';
import { registerBucketMedia } from './images-bucket-media.js';

const IMAGE_FIELD = 'image';

export async function registerImageRoutes(app: App, ctx: AppContext): Promise<void> {
  const service = ctx.images;
  const list = z.array(pluginImageSchema);

  // Names are generated and never reused, so a file at a URL never changes: cache it for a year.
  // With a bucket the same URLs stream from it, with the same headers (images-bucket-media.ts).
  if (service.storage.objects.kind === 's3') registerBucketMedia(app, service.storage.objects);
  else
    await app.register(fastifyStatic, {
      root: service.storage.dir,
      prefix: MEDIA_PREFIX,
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      maxAge: 365 * 24 * 60 * 60 * 1000,
      immutable: true,
      // A browser must take the file as the image its type says, never sniff it into HTML; opened on its own it
      // may load nothing and run nothing.
      setHeaders: (reply) => {
        reply.header('X-Content-Type-Options', 'nosniff').header('Content-Security-Policy', "default-src 'none'; sandbox");
      },
    });

  app.get('/api/plugins/:slug/images', { schema: { params: pluginSlugParamsSchema, response: { 200: list } } }, async (request) =>
    service.list(request.params.slug, { activeOnly: true }),
  );

  app.get(
    '/api/admin/plugins/:slug/images',
    { config: { permission: 'plugins:read' }, schema: { params: pluginSlugParamsSchema, response: { 200: list } } },
    async (request) => service.list(request.params.slug),
  );

  await withUploads(app, (scope) =>
    scope.post(
      '/api/admin/plugins/:slug/images/upload',
      {
        config: { permission: 'plugins:write' },
        schema: { params: pluginSlugParamsSchema, response: { 200: imageUploadResponseSchema } },
      },
      async (request, reply) => {
        if (!request.isMultipart()) {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the image as multipart/form-data in the field "${IMAGE_FIELD}"`);
        }
        try {
          const part = await request.file({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1 } });
          if (!part) throw new AppError('BAD_REQUEST', `No file received: send the image in the field "${IMAGE_FIELD}"`);
          if (part.fieldname !== IMAGE_FIELD) {
            throw new AppError('BAD_REQUEST', `Send the image in the field "${IMAGE_FIELD}", not "${part.fieldname}"`);
          }
          const url = await service.upload(request.params.slug, part.file);
          return { success: true as const, url };
        } catch (error) {
          // A refusal may come before the whole body was read (413 at 5 MB, 415 from the first bytes, an unknown
          // plugin): close the connection, as Fastify does for a body it refuses, or the unread rest blocks the
          // next request on this keep-alive connection (it waited about 73 s).
          if (!request.raw.complete) reply.header('connection', 'close');
          throw error;
        }
      },
    ),
  );

  app.post(
    '/api/admin/plugins/:slug/images',
    {
      config: { permission: 'plugins:write' },
      schema: { params: pluginSlugParamsSchema, body: imageCreateSchema, response: { 201: pluginImageSchema } },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.params.slug, request.body)),
  );

  app.patch(
    '/api/admin/plugins/:slug/images/:id',
    {
      config: { permission: 'plugins:write' },
      schema: { params: imageParamsSchema, body: imagePatchSchema, response: { 200: pluginImageSchema } },
    },
    async (request) => service.update(request.params.slug, request.params.id, request.body),
  );

  app.delete(
    '/api/admin/plugins/:slug/images/:id',
    {
      config: { permission: 'plugins:write' },
      schema: { params: imageParamsSchema, response: { 200: z.object({ success: z.boolean() }) } },
    },
    async (request) => {
      await service.remove(request.params.slug, request.params.id);
      return { success: true };
    },
  );
}
