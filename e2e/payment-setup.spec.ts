import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import Stripe from 'stripe';
import { signIn } from './fixtures';
import { ownServerPort, startOwnServer } from './own-server';
import { startFakeStripeApi, type FakeStripeApi } from '../server/test/fake-stripe-api';

// Issue 41: an empty shop taken from test mode to live in the admin alone: Stripe keys checked against the stand-in
// (a wrong pair refused with its reason), the webhook address shown and a signed webhook received, SMTP checked
// against a local SMTP sink, Go live refused then allowed, and no secret in the page's HTML.

test.describe.configure({ mode: 'serial' });

const WEBHOOK_SECRET = 'whsec_e2e_journey_signing_secret';
const SECRETS = ['sk_test_fake', 'sk_live_fake', WEBHOOK_SECRET, 'smtp-e2e-password'];
const port = ownServerPort();
const base = `http://127.0.0.1:${port}`;
let stopServer: (() => Promise<void>) | undefined;
let stripe: FakeStripeApi;
let smtp: SMTPServer;
const received: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  stripe = await startFakeStripeApi();
  smtp = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'shop' }),
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  stopServer = await startOwnServer(port, { E2E_NO_BASE_URL: 'true', E2E_PAYMENTS_TEST_MODE: '', STRIPE_API_URL: `http://127.0.0.1:${stripe.port}` });
});

test.afterAll(async () => {
  await stopServer?.();
  await stripe?.close();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

const expectNoSecret = async (page: Page) => {
  const html = await page.content();
  for (const secret of SECRETS) expect(html).not.toContain(secret);
};

const saveKeys = async (page: Page, keys: { secret?: string; publishable?: string; webhook?: string }) => {
  if (keys.secret) await page.getByLabel('Secret key').fill(keys.secret);
  if (keys.publishable) await page.getByLabel('Publishable key').fill(keys.publishable);
  if (keys.webhook) await page.getByLabel('Webhook signing secret').fill(keys.webhook);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByLabel('Secret key')).toHaveValue('');
};

test('from test mode to live in the admin alone', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, `${base}/admin`);
  // The shop's address prompt of a fresh install: confirmed later, to see Go live refuse without it first.
  await page.getByRole('dialog', { name: "Your shop's address" }).getByRole('button', { name: 'Later' }).click();

  await page.goto(`${base}/payments`);
  await expect(page.getByTestId('payments-mode')).toHaveText('Test mode');
  await saveKeys(page, { secret: 'sk_test_fake', publishable: 'pk_test_other', webhook: WEBHOOK_SECRET });
  await expect(page.getByTestId('stripe-secret-key-status')).toHaveText('•••• fake');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByTestId('stripe-check')).toContainText('The publishable key belongs to another Stripe account than the secret key');

  await saveKeys(page, { publishable: 'pk_test_fake' });
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByTestId('stripe-check')).toContainText('The keys work together');
  await page.getByRole('button', { name: 'Go live' }).click();
  const blockers = page.getByTestId('go-live-blockers');
  await expect(blockers).toContainText('The Stripe keys are test keys');
  await expect(blockers).toContainText("The shop's address is not confirmed");
  await expect(blockers).toContainText('No signed webhook from Stripe has arrived yet');
  await expectNoSecret(page);

  // The address, then the webhook: the page shows where to send it and ticks by itself when it arrives.
  // "Later" holds for this visit: the warning above every admin page opens the prompt again.
  await page.getByTestId('shop-address-warning').getByRole('button', { name: "Set your shop's address" }).click();
  await page.getByRole('dialog', { name: "Your shop's address" }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('shop-address-warning')).toBeHidden();
  await expect(page.getByTestId('stripe-webhook-url')).toHaveText(`${base}/api/webhooks/stripe`);
  const payload = JSON.stringify({ id: 'evt_e2e', object: 'event', type: 'customer.created', livemode: false, data: { object: {} } });
  const signature = new Stripe('sk_test_unused').webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const webhook = await fetch(`${base}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  expect(webhook.status).toBe(200);
  await expect(page.getByTestId('stripe-webhook-received')).toContainText('First signed webhook received');

  // E-mail: the SMTP sink, a test e-mail with the server's answer.
  await page.goto(`${base}/email`);
  await page.getByLabel('Host').fill('127.0.0.1');
  await page.getByLabel('Port').fill(String((smtp.server.address() as AddressInfo).port));
  await page.getByLabel('Security').selectOption('none');
  await page.getByLabel('User').fill('shop');
  await page.getByLabel('Password', { exact: true }).fill('smtp-e2e-password');
  await page.getByLabel('Sender address').fill('shop@example.com');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('smtp-password-status')).toHaveText('•••• word');
  await page.getByRole('button', { name: 'Send a test e-mail' }).click();
  await expect(page.getByTestId('test-email-result')).toContainText('Delivered. The server answered: 250');
  expect(received.some((message) => message.includes('This is the test e-mail'))).toBe(true);
  await expectNoSecret(page);

  // Live keys, checked; Go live now allowed.
  await page.goto(`${base}/payments`);
  await saveKeys(page, { secret: 'sk_live_fake', publishable: 'pk_live_fake' });
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByTestId('stripe-check')).toContainText('live mode');
  await page.getByRole('button', { name: 'Go live' }).click();
  await expect(page.getByTestId('payments-mode')).toHaveText('Live');
  await expectNoSecret(page);
  await page.screenshot({ path: test.info().outputPath('payments-live.png'), fullPage: true });

  // The checklist follows: Payments and E-mail ticked.
  await page.goto(`${base}/admin`);
  const checklist = page.getByTestId('setup-checklist');
  await expect(checklist).toContainText('Stripe keys checked and a signed webhook received');
  await expect(checklist).toContainText('A test e-mail went through your SMTP server');
});
