// scripts/build.mjs: the build is a production build whatever NODE_ENV says, and it leaves a stamp that makes
// the next `npm start` find the build current (issue 23). The steps are recorded, not run: a real build takes
// 5–7 s and is exercised by `npm run build` and the browser tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build, buildSteps, isBuildCurrent } from './build.mjs';

const tempDirs = [];
afterEach(() => {
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A tree shaped like the repository: a few sources, the configuration files, no dist/ yet. */
function fakeTree() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pls-build-stamp-'));
  tempDirs.push(dir);
  for (const file of [
    'server/main.ts',
    'web/main.tsx',
    'common/pricing.ts',
    'server/main.test.ts',
    'package-lock.json',
    'vite.config.ts',
    'tsconfig.json',
    'scripts/build.mjs',
    'scripts/build-server.mjs',
  ]) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), `// ${file}\n`);
  }
  return dir;
}

/** Stands in for Vite and esbuild: records each step and writes the output it would. */
function recordingRunner(dir, steps) {
  return (step) => {
    steps.push(step);
    const output = step.args.some((arg) => arg.endsWith('build-server.mjs')) ? 'dist/server/main.js' : 'dist/web/index.html';
    fs.mkdirSync(path.dirname(path.join(dir, output)), { recursive: true });
    fs.writeFileSync(path.join(dir, output), '');
    return true;
  };
}

describe('npm run build (scripts/build.mjs)', () => {
  it.each(['development', 'test', undefined])('builds for production when NODE_ENV is %s', (nodeEnv) => {
    const steps = buildSteps({ PATH: '/usr/bin', NODE_ENV: nodeEnv });
    expect(steps).toHaveLength(2);
    for (const step of steps) expect(step.env.NODE_ENV).toBe('production');
    const vite = steps.find((step) => step.args.some((arg) => arg.includes(`${path.sep}vite${path.sep}`)));
    expect(vite?.args).toEqual(expect.arrayContaining(['build', '--mode', 'production']));
  });

  it('passes the production environment to the commands it runs, even under NODE_ENV=development', () => {
    const dir = fakeTree();
    const steps = [];
    expect(build({ run: recordingRunner(dir, steps), dir, env: { NODE_ENV: 'development' } })).toBe(true);
    expect(steps.map((step) => step.env.NODE_ENV)).toEqual(['production', 'production']);
  });

  it('writes the stamp, so the next npm start does not build again; a changed source makes it build', () => {
    const dir = fakeTree();
    expect(isBuildCurrent(dir)).toBe(false);
    expect(build({ run: recordingRunner(dir, []), dir })).toBe(true);
    expect(isBuildCurrent(dir)).toBe(true);

    // A test file is not an input of the build.
    fs.writeFileSync(path.join(dir, 'server/main.test.ts'), '// changed\n');
    expect(isBuildCurrent(dir)).toBe(true);

    fs.writeFileSync(path.join(dir, 'server/main.ts'), '// changed, and longer\n');
    expect(isBuildCurrent(dir)).toBe(false);
  });

  it('writes no stamp when a step fails', () => {
    const dir = fakeTree();
    expect(build({ run: () => false, dir })).toBe(false);
    expect(fs.existsSync(path.join(dir, 'dist', '.build-stamp'))).toBe(false);
    expect(isBuildCurrent(dir)).toBe(false);
  });
});
