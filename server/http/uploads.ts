import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from '../kernel/context.js';

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

/**
 * A signal that aborts, with `reason` as its error, when the client's connection closes before the answer
 * is sent: an upload route passes it on so that the work after the body (checks, storing) stops and nothing
 * is stored for a client that gave up. Node emits `close` on the response when its socket closes; after a
 * sent answer `writableFinished` is true and nothing aborts.
 */
export function abortWhenClientLeaves(reply: FastifyReply, reason: () => Error): AbortSignal {
  const controller = new AbortController();
  const response = reply.raw;
  const leave = () => {
    if (!response.writableFinished) controller.abort(reason());
  };
  if (response.destroyed) leave();
  else response.once('close', leave);
  return controller.signal;
}
