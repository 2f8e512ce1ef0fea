// npm run admin:password [-- NEW_PASSWORD]: sets a new admin password (asks for it when not given).
import readline from 'node:readline/promises';
import { loadConfig } from '../config.js';
import { openToolContext } from './tool-context.js';

async function main(): Promise<void> {
  const config = loadConfig();
  let password = process.argv[2];
  if (!password) {
    const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
    password = await rl.question('New admin password (at least 10 characters): ');
    rl.close();
  }
  const { ctx, close } = await openToolContext(config);
  try {
    await ctx.auth.setPassword(password.trim());
  } finally {
    await close();
  }
  console.log('Admin password changed; every signed-in session was signed out.');
  if (config.ADMIN_PASSWORD) console.log('Note: ADMIN_PASSWORD is set in the environment and will replace this password on the next start.');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
