import type { Insertable } from 'kysely';
import type { StorePagesTable } from './schema.js';

// The demo shop's pages (server/db/seed.ts): the texts the storefront showed before pages became the vendor's data,
// as docs/product-spec.md section 2 describes them (support within 24 hours, three getting-started steps of 5, 2
// and 10 minutes, privacy last updated September 2025).

const page = (
  slug: string,
  title: string,
  lead: string,
  markdown: string,
  updatedAt: string,
  faq: Array<{ question: string; answer: string }> = [],
): Insertable<StorePagesTable> => ({
  slug,
  title,
  lead,
  markdown: markdown.trim(),
  faq: JSON.stringify(faq),
  updated_at: updatedAt,
});

export function demoStorePages(now: string): Array<Insertable<StorePagesTable>> {
  return [
    page(
      'about',
      'About 8022 Plugins',
      'We build focused, dependable WordPress and WooCommerce plugins for businesses that sell online.',
      `
## Built for real shops

Our plugins come from running WooCommerce stores: they solve the problems merchants meet every day.

## Fair licensing

A one-time purchase covers up to 3 websites, with lifetime updates and a 30-day money-back guarantee.

## Signed, safe updates

Every release is signed, so WordPress can check that an update really comes from us.

Our first plugin, Postcode Delivery Zones, lets UK shops decide where they deliver and what delivery costs, postcode by postcode. It is used by food shops, florists, furniture stores and regional wholesalers.

[Browse the Catalog](/catalog)
`,
      now,
    ),
    page(
      'documentation',
      'Documentation',
      'Getting started takes three steps.',
      `
1. **Install the plugin** (5 minutes): download the zip from your licence e-mail. In WordPress open Plugins → Add New → Upload Plugin, choose the file, install and activate it.
2. **Activate your licence** (2 minutes): open the plugin’s Licence screen, paste the key from your e-mail (8022-XXXX-XXXX-XXXX-XXXX) and click Activate. Updates now arrive automatically.
3. **Configure your settings** (10 minutes): set your delivery zones, prices and rules, then use the built-in tester to check a few postcodes before going live.

Stuck? [Contact support](/support): we answer within 24 hours.
`,
      now,
    ),
    page('support', 'Support', 'We are here to help you get the most out of your plugins.', '', now, [
      {
        question: 'How do I install the plugin?',
        answer:
          'Download the zip from the link in your licence e-mail, then in WordPress go to Plugins → Add New → Upload Plugin, choose the file and click Activate.',
      },
      {
        question: 'Can I use the plugin on multiple sites?',
        answer:
          'Yes. Each licence covers up to 3 websites. Local and staging sites do not count toward the limit, and you can move a licence by deactivating it on one site first.',
      },
      {
        question: 'How do updates work?',
        answer:
          'Updates appear in your WordPress dashboard like any other plugin update once your licence key is activated. Every purchase includes lifetime updates.',
      },
      {
        question: 'Can I customise the plugin?',
        answer:
          'Yes. The plugins offer settings for every rule and price, plus WordPress hooks and filters for developers. Ask us if you need something specific.',
      },
    ]),
    page(
      'privacy',
      'Privacy Policy',
      '',
      `
## What we collect

When you buy, we keep your e-mail address, the plugin you bought and your licence key. Card details go straight to our payment provider; we never see or store them.

## Licence checks

When a plugin checks its licence or looks for updates, your site sends its address and licence key. We use them only to count activations and deliver updates.

## How we use it

To deliver your licence key and downloads, provide support and meet our legal and accounting duties. We do not sell your data or use it for advertising.

## How long we keep it

Order records are kept for as long as the law requires; licence activations are kept while the licence is in use.

## Your rights

You may ask for a copy of your data, its correction or its deletion at support@8022.dev.
`,
      '2025-09-01T00:00:00.000Z',
    ),
    page(
      'terms',
      'Terms of Sale',
      '',
      `
## Your licence

Each purchase is a one-time payment for a licence covering up to 3 websites, with lifetime updates.

## Delivery

Your licence key is e-mailed within 5-10 minutes of payment, with a link to download the plugin.

## Refunds

Every purchase has a 30-day money-back guarantee: see our [Refund Policy](/refund-policy).
`,
      now,
    ),
    page(
      'refunds',
      'Refund Policy',
      '',
      `
Not the right fit? Ask for a full refund within 30 days of purchase by writing to support@8022.dev. Your licence is revoked when the refund is made.
`,
      now,
    ),
  ];
}
