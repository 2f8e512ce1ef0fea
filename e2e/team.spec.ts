import { expect, test, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { signIn } from './fixtures';

// Issue 42 (docs/team.md): the owner invites a staff member and requires two factors; the member accepts the e-mailed
// link, chooses a password, enrols an authenticator app while signing in, and later signs in with password and code.

const EMAIL = 'dev-e2e@example.com';
const PASSWORD = 'a long member password';
const LINK = /\/team\/accept\?token=[\w-]+/;

/** The code of the current 30-second step, or of the next one (a code signs in once, so the second sign-in uses it). */
const codeFor = (secret: string, next = false) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + (next ? 30_000 : 0) });

async function staffPasswordStep(page: Page) {
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Staff sign-in' }).click();
  await page.getByLabel('E-mail address').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('invite a developer, accept, and sign in with password and TOTP', async ({ page, browser }) => {
  await signIn(page, '/team');
  await expect(page.getByRole('heading', { name: 'Team members' })).toBeVisible();
  await page.getByLabel('E-mail address').fill(EMAIL);
  await page.getByLabel('Role').selectOption('developer');
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByTestId('team-member').filter({ hasText: EMAIL })).toContainText('Invited');
  await page.getByLabel('Require two-factor sign-in for every staff member').check();
  await expect.poll(async () => ((await (await page.request.get('/api/admin/team')).json()) as { require_two_factor: boolean }).require_two_factor).toBe(true);

  // The invitation e-mail in the outbox.
  let link = '';
  await expect
    .poll(async () => {
      const emails = (await (await page.request.get('/api/admin/emails')).json()) as Array<{ to: string; text: string }>;
      link = LINK.exec(emails.find((email) => email.to === EMAIL)?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');

  const context = await browser.newContext();
  const member = await context.newPage();
  await member.goto(link);
  await member.getByLabel('New password (at least 10 characters)').fill(PASSWORD);
  await member.getByLabel('Repeat the password').fill(PASSWORD);
  await member.getByRole('button', { name: 'Set password' }).click();
  await expect(member.getByTestId('invite-accepted')).toContainText(EMAIL);

  // First sign-in: two factors are required, so the member adds the app's key, then enters its code.
  await staffPasswordStep(member);
  const secret = (await member.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await member.getByLabel('Code from the app').fill(codeFor(secret));
  await member.getByRole('button', { name: 'Verify' }).click();
  await expect(member.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
  await member.getByRole('button', { name: 'I have saved them' }).click();
  await expect(member.getByText('Licensing - Admin Dashboard')).toBeVisible();
  // A developer's sidebar: releases, no orders.
  await expect(member.getByRole('link', { name: 'Releases' })).toBeVisible();
  await expect(member.getByRole('link', { name: 'Orders' })).toHaveCount(0);

  // Signed out, then in again with the password and a code.
  await member.getByRole('button', { name: 'Logout' }).click();
  await staffPasswordStep(member);
  await member.getByLabel('Code from your authenticator app, or a recovery code').fill(codeFor(secret, true));
  await member.getByRole('button', { name: 'Verify' }).click();
  await expect(member.getByText('Licensing - Admin Dashboard')).toBeVisible();
  await context.close();

  await page.reload();
  await expect(page.getByTestId('team-member').filter({ hasText: EMAIL })).toContainText('Active');
});
