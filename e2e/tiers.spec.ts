import { expect, test } from '@playwright/test';
import { fillTestCard, signIn } from './fixtures';

const SLUG = 'postcode-delivery-zones';
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

test('the admin adds a yearly 5-site tier; a buyer picks it on the plugin page and pays; the licence has 5 sites and expires in a year', async ({ page }) => {
  const tierName = `Business ${Date.now()}`;
  const email = `tier-${Date.now()}@example.com`;
  await signIn(page, `/plugins/${SLUG}`);
  const tiers = page.getByTestId('price-tiers');
  await expect(tiers.getByText('Standard', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Add Tier' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name', { exact: true }).fill(tierName);
  await dialog.getByLabel('Sites', { exact: true }).fill('5');
  await dialog.getByLabel('Term').selectOption('year');
  await dialog.getByLabel('Amount', { exact: true }).fill('79.00');
  await dialog.getByLabel('Order', { exact: true }).fill('1');
  await dialog.getByRole('button', { name: 'Save Tier' }).click();
  await expect(dialog).toBeHidden();
  const row = tiers.getByRole('row').filter({ hasText: tierName });
  await expect(row).toContainText('£79');
  await expect(row).toContainText('Active');
  const tierId = ((await (await page.request.get(`/api/admin/plugins/${SLUG}/prices`)).json()) as Array<{ id: number; name: string }>).find(
    (price) => price.name === tierName,
  )?.id;
  expect(tierId).toBeDefined();

  try {
    await page.goto(`/plugin/${SLUG}`);
    const picker = page.getByTestId('tier-picker');
    // The first tier is chosen first and reads as the specification has it.
    await expect(page.getByText('One-time purchase, 3 domain license', { exact: true })).toBeVisible();
    await picker.getByLabel(new RegExp(tierName)).check();
    await expect(page.getByTestId('price-amount')).toHaveText('£79');
    await expect(page.getByText('Yearly plan, 5 domain license', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Purchase Now' }).click();
    await expect(page).toHaveURL(`/checkout/${SLUG}?price=${tierId}`);
    await expect(page.getByTestId('checkout-price')).toHaveText('£79');

    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    const form = page.getByRole('form', { name: 'Card payment' });
    await fillTestCard(form, '4242 4242 4242 4242');
    await form.getByRole('button', { name: 'Pay £79' }).click();
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
    await expect(page.getByTestId('order-price')).toHaveText('£79');

    const orders = (await (await page.request.get('/api/admin/orders')).json()) as Array<{ email: string; amount: number; license_key: string | null }>;
    const order = orders.find((candidate) => candidate.email === email);
    expect(order?.amount).toBe(7900);
    const licenses = (await (await page.request.get('/api/admin/licenses')).json()) as Array<{
      key: string;
      plan: string;
      max_activations: number;
      expires_at: string | null;
    }>;
    const license = licenses.find((candidate) => candidate.key === order?.license_key);
    expect(license).toMatchObject({ plan: 'pro_yearly', max_activations: 5 });
    const yearAhead = new Date();
    yearAhead.setUTCFullYear(yearAhead.getUTCFullYear() + 1);
    expect(Math.abs(Date.parse(license?.expires_at ?? '') - yearAhead.getTime())).toBeLessThan(10 * 60_000);
  } finally {
    // Other specs on this server expect the plugin's single tier.
    expect((await page.request.patch(`/api/admin/prices/${tierId}`, { headers: XHR, data: { active: false } })).ok()).toBe(true);
  }
});

test('the admin gives a tier its Lemon Squeezy variant ID and checkout link; a link on another host is refused under its field', async ({ page }) => {
  const uuid = 'd1f120fd-5adc-4fff-8915-cce713d29427';
  await signIn(page, `/plugins/${SLUG}`);
  const tiers = page.getByTestId('price-tiers');
  const standard = tiers.getByRole('row').filter({ hasText: 'Standard' });
  const prices = async () =>
    (await (await page.request.get(`/api/admin/plugins/${SLUG}/prices`)).json()) as Array<{
      id: number;
      name: string;
      lemonsqueezy_variant_id: string | null;
      lemonsqueezy_checkout_link: string | null;
    }>;
  const tierId = (await prices()).find((price) => price.name === 'Standard')?.id;
  expect(tierId).toBeDefined();
  try {
    await standard.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Lemon Squeezy → Products → Share: the checkout link of this variant')).toBeVisible();
    await dialog.getByLabel('Lemon Squeezy variant ID').fill('123456');
    // One of the two without the other: the form says what is missing.
    await expect(dialog.getByTestId('tier-lemonsqueezy-missing')).toHaveText(
      'Without its Lemon Squeezy checkout link, this tier cannot be bought through Lemon Squeezy: both are needed.',
    );
    const link = dialog.getByLabel('Lemon Squeezy checkout link');
    await link.fill(`https://my-store.example.com/checkout/buy/${uuid}`);
    await dialog.getByRole('button', { name: 'Save Tier' }).click();
    await expect(dialog.getByTestId('tier-lemonsqueezy-link-error')).toContainText("must be on your store's address, https://{store}.lemonsqueezy.com");
    await expect(link).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog).toBeVisible();

    await link.fill(`https://my-store.lemonsqueezy.com/checkout/buy/${uuid}?embed=1`);
    await expect(dialog.getByTestId('tier-lemonsqueezy-missing')).toBeHidden();
    await dialog.getByRole('button', { name: 'Save Tier' }).click();
    await expect(dialog).toBeHidden();
    expect((await prices()).find((price) => price.id === tierId)).toMatchObject({
      lemonsqueezy_variant_id: '123456',
      lemonsqueezy_checkout_link: `https://my-store.lemonsqueezy.com/checkout/buy/${uuid}`,
    });
  } finally {
    // Other specs on this server expect the plugin's tier as seeded.
    const cleared = await page.request.patch(`/api/admin/prices/${tierId}`, {
      headers: XHR,
      data: { lemonsqueezy_variant_id: null, lemonsqueezy_checkout_link: null },
    });
    expect(cleared.ok()).toBe(true);
  }
});
