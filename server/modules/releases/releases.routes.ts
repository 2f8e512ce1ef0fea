import { z } from 'zod';
import type { MultipartFile } from '@fastify/multipart';
import type { App, AppContext } from '../../kernel/context.js';
import { AppError, describeZodIssues } from '../../lib/errors.js';
import { abortWhenClientLeaves, withUploads } from '../../http/uploads.js';
import { releaseFileSchema, releaseIdParamsSchema, releaseListQuerySchema, releaseSchema, releaseUploadFieldsSchema } from '../../../common/releases.js';
import { discard, releasesDir, removeStalePartials } from './release-storage.js';
import { findReleaseByZipPath, listReleaseFiles, listReleases } from './releases.repository.js';
import { toReleasesWithNotices } from './release-notices.js';
import { registerRolloutRoutes } from './rollout.routes.js';
import { registerReleaseMachineRoutes } from './releases-machine.routes.js';
import { sendReleaseZip } from './serve-download.js';
import { uploadRelease } from './upload-release.js';
import { deleteRelease, setWithdrawn, withdrawWithRollback } from './withdraw-release.js';

function fieldValue(fields: MultipartFile['fields'], name: string): string | undefined {
  const entry = fields[name];
  const first = Array.isArray(entry) ? entry[0] : entry;
  return first && first.type === 'field' ? String(first.value) : undefined;
}

export async function registerReleaseRoutes(app: App, ctx: AppContext): Promise<void> {
  registerReleaseMachineRoutes(app, ctx);
  removeStalePartials(releasesDir(ctx.config.dataDir));

  app.get(
    '/api/admin/releases',
    { config: { permission: 'releases:read' }, schema: { querystring: releaseListQuerySchema, response: { 200: z.array(releaseSchema) } } },
    async (request) => toReleasesWithNotices(await listReleases(ctx.db, request.query.plugin_slug || undefined)),
  );

  app.get('/api/releases/files', { schema: { response: { 200: z.array(releaseFileSchema) } } }, async () => listReleaseFiles(ctx.db));

  await withUploads(app, (scope) =>
    scope.post('/api/admin/releases', { config: { permission: 'releases:write' }, schema: { response: { 201: releaseSchema } } }, async (request, reply) => {
      if (!request.isMultipart()) {
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          'Send the release as multipart/form-data with the fields plugin_slug, version, notes and the zip in "file"',
        );
      }
      // A client that leaves mid-upload gets nothing stored (the check of a large zip takes a while).
      const signal = abortWhenClientLeaves(reply, () => new AppError('BAD_REQUEST', 'The connection closed before the upload was checked: nothing was stored'));
      const maxBytes = ctx.settings.get('max_file_size_mb') * 1024 * 1024;
      const part = await request.file({ limits: { fileSize: maxBytes } });
      if (!part || part.fieldname !== 'file') {
        if (part) await discard(part.file);
        throw new AppError('BAD_REQUEST', 'Attach the plugin .zip in the field "file" (after the plugin_slug, version and notes fields)');
      }
      const parsed = releaseUploadFieldsSchema.safeParse({
        plugin_slug: fieldValue(part.fields, 'plugin_slug'),
        version: fieldValue(part.fields, 'version'),
        notes: fieldValue(part.fields, 'notes'),
        channel: fieldValue(part.fields, 'channel'),
        rollout_percent: fieldValue(part.fields, 'rollout_percent'),
      });
      if (!parsed.success) {
        await discard(part.file);
        throw new AppError('BAD_REQUEST', describeZodIssues(parsed.error.issues));
      }
      const release = await uploadRelease(ctx, { fields: parsed.data, file: part.file, signal });
      return reply.code(201).send(release);
    }),
  );

  const byId = { schema: { params: releaseIdParamsSchema, response: { 200: releaseSchema } } };
  app.post('/api/admin/releases/:id/withdraw', { ...byId, config: { permission: 'releases:write' } }, async (request) =>
    setWithdrawn(ctx, request.params.id, true),
  );
  app.post('/api/admin/releases/:id/rollback', { ...byId, config: { permission: 'releases:write' } }, async (request) =>
    withdrawWithRollback(ctx, request.params.id),
  );
  app.post('/api/admin/releases/:id/restore', { ...byId, config: { permission: 'releases:write' } }, async (request) =>
    setWithdrawn(ctx, request.params.id, false),
  );
  registerRolloutRoutes(app, ctx);
  app.delete('/api/admin/releases/:id', { config: { permission: 'releases:write' }, schema: { params: releaseIdParamsSchema } }, async (request, reply) => {
    await deleteRelease(ctx, request.params.id);
    return reply.code(204).send();
  });

  // Admins may still download a withdrawn release here (the file is kept for audit).
  app.get(
    '/releases/:zip_path',
    { config: { permission: 'releases:read' }, schema: { params: z.object({ zip_path: z.string().min(1).max(300) }) } },
    async (request, reply) => {
      const release = await findReleaseByZipPath(ctx.db, request.params.zip_path);
      if (!release) throw new AppError('NOT_FOUND', `No release file ${request.params.zip_path}`);
      return sendReleaseZip(ctx, request, reply, release);
    },
  );
}
