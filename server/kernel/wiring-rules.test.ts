// The wiring rules of docs/contributing.md ("Server"), counted in the code (issue 39): modules install themselves
// through the composition root, events are typed, e-mail is queued in one call, and a change runs in a unit of work.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { EventType } from './events.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const sourceFiles = (fs.readdirSync(path.join(root, 'server'), { recursive: true }) as string[])
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts'))
  .map((name) => path.join('server', name));
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
/** `file:line` of every match of `pattern` in `files`. */
const places = (files: readonly string[], pattern: RegExp) =>
  files.flatMap((file) =>
    read(file)
      .split('\n')
      .flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}`] : [])),
  );

/** Every event of the map (server/kernel/events.ts): the compiler fails this list when one is added or removed. */
const EVENTS: Record<EventType, true> = {
  'order.paid': true,
  'order.refunded': true,
  'license.created': true,
  'license.updated': true,
  'license.revoked': true,
  'license.activated': true,
  'license.deactivated': true,
  'license.renewed': true,
  'license.upgraded': true,
  'license.transferred': true,
  'license.expired': true,
  'release.published': true,
  'release.rollout_paused': true,
  'customer.updated': true,
  'email.queued': true,
  'settings.updated': true,
};

describe('wiring rules (issue 39)', () => {
  it('registers no subscriber, renderer or worker outside the composition root (none as a side effect of building routes)', () => {
    const outside = sourceFiles.filter((file) => !['server/services.ts', 'server/kernel/events.ts'].includes(file));
    expect(places(outside, /\.(onRecord|afterCommit)\(|emailRenderers\.set\(/)).toEqual([]);
    const routeFiles = sourceFiles.filter((file) => file.endsWith('.routes.ts'));
    expect(routeFiles.length).toBeGreaterThan(20);
    expect(places(routeFiles, /\.(webhooks|renewalReminders|autoRenewals)\.start\(|start[A-Z]\w*(Loop|Scheduler|Sync)\(/)).toEqual([]);
  });

  it('casts no event payload: subscribers narrow by the event type', () => {
    expect(places(sourceFiles, /\bevent\.data as\b|\(event\.data as\b/)).toEqual([]);
  });

  it('queues e-mail only through queueEmail, which inserts and emits in one call', () => {
    expect(places(sourceFiles, /emit\(\s*'email\.queued'/).map((place) => place.replace(/:\d+$/, ''))).toEqual(['server/modules/email/queue-email.ts']);
  });

  it('runs every change in a unit of work: bare transactions only in the kernel and in repositories (their locking helpers)', () => {
    const outside = sourceFiles.filter((file) => !file.startsWith('server/kernel/') && !file.startsWith('server/test/') && !file.endsWith('.repository.ts'));
    const bare = places(outside, /\.transaction\(\)/);
    // A read of one consistent state (the shop export) is no change: it goes through the kernel's readSnapshot.
    expect(bare).toEqual([]);
    expect(read('server/modules/importers/shop-export.ts')).toMatch(/export async function writeShopExport[^]*?readSnapshot\(db,[^]*?\n}\n/);
  });

  it("documents every event in docs/architecture.md's event table, and no other", () => {
    const doc = read('docs/architecture.md');
    const section = doc.slice(doc.indexOf('## Events'), doc.indexOf('\n## ', doc.indexOf('## Events') + 1));
    const documented = new Set(
      section
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([a-z_]+\.[a-z_]+)`/g)].map((match) => match[1])),
    );
    expect([...documented].sort()).toEqual(Object.keys(EVENTS).sort());
  });
});
