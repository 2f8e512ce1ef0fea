import { signingKeyResponseSchema } from '../../../common/releases.js';
import type { App, AppContext } from '../../kernel/context.js';

export function registerSigningRoutes(app: App, ctx: AppContext): void {
  app.get('/api/v1/signing-key', { schema: { response: { 200: signingKeyResponseSchema } } }, async () => ({
    algorithm: 'ed25519' as const,
    public_key: ctx.signing.publicKeyBase64,
  }));
}
