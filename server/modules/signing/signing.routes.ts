import { signingKeyResponseSchema } from '../../../common/releases.js';
import type { App, AppContext } from '../../context.js';
import { signingKeyFor } from './signing-context.js';

export function registerSigningRoutes(app: App, ctx: AppContext): void {
  const key = signingKeyFor(ctx);
  ctx.settings.signingPublicKey = () => key.publicKeyBase64;

  app.get('/api/v1/signing-key', { schema: { response: { 200: signingKeyResponseSchema } } }, async () => ({
    algorithm: 'ed25519' as const,
    public_key: key.publicKeyBase64,
  }));
}
