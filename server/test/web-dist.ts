// A web build folder for tests of the HTML the server writes (page heads, JSON-LD, initial data): a temp folder
// holding the real web/index.html, the template the build keeps. Pass it as the app's WEB_DIST_DIR.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestApp } from './test-app.js';

/** A new temp folder named from `prefix`, with a copy of web/index.html. */
export function makeWebDist(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.copyFileSync(new URL('../../web/index.html', import.meta.url), path.join(dir, 'index.html'));
  return dir;
}

/** Closes the app, then removes the web build folder it served. */
export async function closeWithWebDist(t: TestApp, webDir: string): Promise<void> {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
}
