import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { signIn } from './fixtures';

// The endpoint manager in Settings and the delivery log at /webhooks, against a real receiver on 127.0.0.1.
interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

test('an endpoint is added with its secret shown once, receives a signed test event, shows in the delivery log, is resent, paused, rotated and deleted', async ({
  page,
}) => {
  const received: Received[] = [];
  const receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/e2e`;
  page.on('dialog', (dialog) => void dialog.accept());

  try {
    await signIn(page, '/settings');
    await expect(page.getByText('Webhook endpoints', { exact: true })).toBeVisible();
    // The old single secret setting signs nothing, and says so (it used to claim it signed the events).
    await expect(page.getByLabel('Webhook secret (legacy)')).toHaveAccessibleDescription(
      /^Not used to sign outgoing events: each endpoint in Webhook endpoints has its own secret/,
    );
    await page.locator('#new-webhook-url').fill('not a url');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    // At the field, in plain words: not the server's whole "Invalid body: url: …" line under the form.
    await expect(page.locator('#new-webhook-url')).toHaveAccessibleDescription('Must be a full http(s) URL such as https://example.com/hooks/licensing');
    await expect(page.locator('#new-webhook-url')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Invalid body')).toHaveCount(0);

    await page.locator('#new-webhook-url').fill(url);
    await page.getByLabel('license.created').first().check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page.getByText('It will not be shown again.')).toBeVisible();
    const secret = await page.getByLabel('Signing secret', { exact: true }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    const row = page.getByTestId('webhook-endpoint').filter({ hasText: url });
    await expect(row).toContainText('license.created');
    await expect(row).toContainText('Active');

    await row.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByText('Test Event Queued', { exact: true })).toBeVisible();
    await expect.poll(() => received.length).toBe(1);
    const [test] = received;
    const timestamp = String(test?.headers['x-webhook-timestamp']);
    expect(test?.headers['x-signature']).toBe(`sha256=${createHmac('sha256', secret).update(`${timestamp}.${test?.body}`).digest('hex')}`);
    expect(JSON.parse(test?.body ?? '{}')).toMatchObject({ type: 'test' });

    await page.getByRole('link', { name: 'Webhooks', exact: true }).first().click();
    await expect(page.getByRole('heading', { name: 'Webhooks', exact: true })).toBeVisible();
    const delivery = page.getByTestId('webhook-delivery').filter({ hasText: url }).first();
    await expect(delivery).toContainText('test');
    await expect(delivery).toContainText('delivered', { timeout: 15_000 });
    await expect(delivery).toContainText('204');
    await expect(delivery).toContainText('1 attempt');
    // The whole log fits a 1280 px screen beside the sidebar: nothing hides under the sticky Actions column.
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await page.locator('table').evaluate((table) => table.scrollWidth <= (table.parentElement?.clientWidth ?? 0))).toBe(true);
    await delivery.getByRole('button', { name: /^Resend/ }).click();
    await expect.poll(() => received.length).toBe(2);
    expect(received[1]?.headers['x-webhook-id']).toBe(test?.headers['x-webhook-id']);
    await expect(page.getByTestId('webhook-delivery').filter({ hasText: url })).toHaveCount(2);

    await page.goto('/settings');
    const again = page.getByTestId('webhook-endpoint').filter({ hasText: url });
    await again.getByLabel(`Active: ${url}`).click(); // the box follows the saved state, so it turns off once the server answers
    await expect(again).toContainText('Paused');
    await expect(again.getByLabel(`Active: ${url}`)).not.toBeChecked();
    await expect(again.getByRole('button', { name: 'Send test event' })).toBeDisabled();
    await again.getByRole('button', { name: 'Rotate secret' }).click();
    await expect(page.getByLabel('Signing secret', { exact: true })).not.toHaveValue(secret);
    await again.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByTestId('webhook-endpoint').filter({ hasText: url })).toHaveCount(0);
  } finally {
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
