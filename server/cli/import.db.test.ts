// `npm run import` builds its context through the composition root (server/cli/tool-context.ts), so an import from
// the command line writes what the same change in the server writes: the buyers' lines in the Customers list and
// the licences' `license.created` deliveries in the webhook log (issue 39).
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerList } from '../../common/customers.js';
import type { WebhookDelivery } from '../../common/webhooks.js';
import { createTestApp, testDialect, type TestApp } from '../test/test-app.js';
import { parseImportArgs, runImportCommand } from './import-command.js';
import { openToolContext } from './tool-context.js';

const FILE = fileURLToPath(new URL('../test/fixtures/imports/lemonsqueezy-license-keys.csv', import.meta.url));
const SLUG = 'postcode-delivery-zones';

describe(`npm run import (${testDialect()})`, () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    headers = await t.adminHeaders();
    const endpoint = await t.app.inject({ method: 'POST', url: '/api/admin/webhook-endpoints', headers, payload: { url: 'https://hooks.example.com/in' } });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
  });
  afterAll(async () => t.close());

  const importFromCommandLine = async (...flags: string[]) => {
    const printed: string[] = [];
    const tool = await openToolContext(t.config, t.db);
    try {
      const code = await runImportCommand(tool.ctx, parseImportArgs(['--from', 'lemonsqueezy', FILE, '--map', `777=${SLUG}`, ...flags]), (line) =>
        printed.push(line),
      );
      return { code, printed };
    } finally {
      await tool.close();
    }
  };
  const customers = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/customers', headers })).json<CustomerList>().customers;
  const deliveries = async () => (await t.app.inject({ method: 'GET', url: '/api/admin/webhook-deliveries', headers })).json<WebhookDelivery[]>();

  it('a dry run writes nothing', async () => {
    const { code, printed } = await importFromCommandLine();
    expect(code).toBe(0);
    expect(printed.at(-1)).toBe('Dry run (nothing written; add --apply to import): 2 rows, 2 to create, 0 skipped, 0 with errors.');
    expect((await customers()).map((customer) => customer.email)).not.toContain('gia@example.com');
    expect(await deliveries()).toEqual([]);
  });

  it('an applied import reaches the Customers list and the webhook log', async () => {
    const { code, printed } = await importFromCommandLine('--apply');
    expect(code).toBe(0);
    expect(printed.at(-1)).toBe('Imported: 2 rows, 2 created, 0 skipped, 0 with errors.');
    const listed = await customers();
    for (const email of ['gia@example.com', 'hal@example.com']) {
      expect(listed.find((customer) => customer.email === email)).toMatchObject({ license_count: 1, order_count: 0 });
    }
    const created = (await deliveries()).filter((delivery) => delivery.event_type === 'license.created');
    expect(created).toHaveLength(2);
    // Run again: every key is here already, nothing more is written or announced.
    expect((await importFromCommandLine('--apply')).printed.at(-1)).toBe('Imported: 2 rows, 0 created, 2 skipped, 0 with errors.');
    expect((await deliveries()).filter((delivery) => delivery.event_type === 'license.created')).toHaveLength(2);
  });
});
