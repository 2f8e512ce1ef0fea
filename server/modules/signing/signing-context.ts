import type { AppContext } from '../../context.js';
import { loadSigningKey, type SigningKey } from './signing-key.js';

// One key per app: loaded (or created) on first use, shared by the signing and releases modules.
const keys = new WeakMap<AppContext, SigningKey>();

export function signingKeyFor(ctx: AppContext): SigningKey {
  let key = keys.get(ctx);
  if (!key) {
    key = loadSigningKey(ctx.config.dataDir, ctx.config.SIGNING_PRIVATE_KEY);
    keys.set(ctx, key);
  }
  return key;
}
