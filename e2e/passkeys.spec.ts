import { expect, test, type Page } from '@playwright/test';
import { signIn } from './fixtures';
import { ownServerPort, startOwnServer } from './own-server';

// Issue 42 (docs/team.md), passkeys: a member adds a passkey in their security settings (Team page), then signs in
// with password and passkey, and with the passkey alone. Chromium's virtual authenticator (CDP WebAuthn domain)
// stands in for the device. WebAuthn refuses an IP address as relying party, so this spec starts its own server
// whose public address is http://localhost:PORT (E2E_BASE_URL) and browses there.

test.describe.configure({ mode: 'serial' });

const EMAIL = 'passkey-e2e@example.com';
const PASSWORD = 'a long member password';
const port = ownServerPort();
const base = `http://localhost:${port}`;
let stopServer: (() => Promise<void>) | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  stopServer = await startOwnServer(port, { E2E_BASE_URL: base });
});
test.afterAll(async () => stopServer?.());

/** A platform authenticator with user verification, as a laptop's fingerprint reader or a phone. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function staffMode(page: Page) {
  await page.goto(`${base}/admin`);
  await page.getByRole('button', { name: 'Staff sign-in' }).click();
}

test('a member adds a passkey, then signs in with password and passkey, and with the passkey alone', async ({ page, browser }) => {
  await signIn(page, `${base}/team`);
  await page.getByLabel('E-mail address').fill(EMAIL);
  await page.getByLabel('Role').selectOption('support');
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByTestId('team-member').filter({ hasText: EMAIL })).toContainText('Invited');
  let link = '';
  await expect
    .poll(async () => {
      const emails = (await (await page.request.get(`${base}/api/admin/emails`)).json()) as Array<{ to: string; text: string }>;
      link = /\/team\/accept\?token=[\w-]+/.exec(emails.find((email) => email.to === EMAIL)?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');

  const context = await browser.newContext();
  const member = await context.newPage();
  const { cdp, authenticatorId } = await addVirtualAuthenticator(member);
  await member.goto(`${base}${link}`);
  await member.getByLabel('New password (at least 10 characters)').fill(PASSWORD);
  await member.getByLabel('Repeat the password').fill(PASSWORD);
  await member.getByRole('button', { name: 'Set password' }).click();
  await expect(member.getByTestId('invite-accepted')).toContainText(EMAIL);

  await staffMode(member);
  await member.getByLabel('E-mail address').fill(EMAIL);
  await member.getByLabel('Password').fill(PASSWORD);
  await member.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(member.getByText('Licensing - Admin Dashboard')).toBeVisible();

  await member.goto(`${base}/team`);
  await member.getByLabel('Name').fill('Virtual laptop');
  await member.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(member.getByRole('cell', { name: 'Virtual laptop' })).toBeVisible();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);

  // Password, then the passkey as the second factor.
  await member.getByRole('button', { name: 'Logout' }).click();
  await staffMode(member);
  await member.getByLabel('E-mail address').fill(EMAIL);
  await member.getByLabel('Password').fill(PASSWORD);
  await member.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(member.getByText('Confirm the sign-in with your passkey.')).toBeVisible();
  await member.getByRole('button', { name: 'Use my passkey' }).click();
  await expect(member.getByText('Licensing - Admin Dashboard')).toBeVisible();

  // The passkey alone.
  await member.getByRole('button', { name: 'Logout' }).click();
  await staffMode(member);
  await member.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(member.getByText('Licensing - Admin Dashboard')).toBeVisible();
  const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(after.credentials[0]?.signCount).toBeGreaterThanOrEqual(2);
  await context.close();
});
