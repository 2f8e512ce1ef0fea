import { ConfigError, loadConfig } from './config.js';
import { buildApp } from './app.js';
import { openDatabase } from './startup.js';
import { isTestProviderLive } from './modules/checkout/provider-choice.js';

async function main(): Promise<void> {
  const startedAt = Date.now();
  const config = loadConfig();
  const db = await openDatabase(config);
  const { app, ctx } = await buildApp({ config, db });
  if (config.SEED_DEMO) await (await import('./modules/releases/demo-release.js')).seedDemoRelease(ctx);

  const { generated } = await ctx.auth.ensureAdminPassword(config.ADMIN_PASSWORD);
  if (generated) {
    // Printed once, on the first start; only its hash is stored.
    console.log(`\n  Admin password (shown once, save it now): ${generated}\n  Change it later with: npm run admin:password\n`);
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    app
      .close()
      .then(() => db.destroy())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info({ database: config.database.dialect, ms: Date.now() - startedAt }, 'ready');
  if (isTestProviderLive(ctx)) {
    app.log.warn(
      'TEST MODE: the built-in test payments are live (card 4242 4242 4242 4242 gets a licence free). Configure Stripe or Lemon Squeezy (docs/checkout.md), or set PAYMENTS_TEST_MODE=false.',
    );
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
