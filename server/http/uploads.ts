import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from '../context.js';

/**
 * Registers routes that take multipart uploads in their own scope with @fastify/multipart, whose hooks then
 * run on those routes only instead of on every request. Each route sets its own file size limit.
 */
export async function withUploads(app: App, routes: (scope: App) => void): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: 2048 * 1024 * 1024, files: 1, fields: 20, fieldSize: 100_000 } });
    routes(scope.withTypeProvider<ZodTypeProvider>());
  });
}
