import { DEFAULT_STORE_IDENTITY, DEMO_STORE_IDENTITY, type StoreIdentity } from '../../../common/store-identity.js';
import type { FaqEntry, StorePageSlug } from '../../../common/store-pages.js';
import { licenceWord, refundGuarantee, type StoreTerms } from '../../../common/store-terms.js';

// Neutral starting texts (issue 40): what "Remove demo content" puts in place of the demo vendor's identity and pages,
// for the vendor to edit. They promise nothing the vendor has not set: the refund window, the support promise and
// the spelling are read from the store's terms; sites, terms and prices are the tiers' and are never named here.

/** The identity fields the demo seed fills with the demo vendor's values (common/store-identity.ts). */
export const DEMO_IDENTITY_FIELDS = ['store_name', 'headline', 'tagline', 'support_email', 'refund_days', 'support_promise', 'license_key_prefix'] as const;
export type DemoIdentityField = (typeof DEMO_IDENTITY_FIELDS)[number];

export const DEMO_IDENTITY_LABELS: Record<DemoIdentityField, string> = {
  store_name: 'Store name',
  headline: 'Headline',
  tagline: 'Tagline',
  support_email: 'Support e-mail',
  refund_days: 'Refund window (days)',
  support_promise: 'Support promise',
  license_key_prefix: 'Key prefix of new keys',
};

/** The identity with every field still at the demo's value set to a new shop's default; the vendor's own values stay. */
export function starterIdentity(current: StoreIdentity): StoreIdentity {
  const next: StoreIdentity = { ...current };
  for (const field of DEMO_IDENTITY_FIELDS) if (current[field] === DEMO_STORE_IDENTITY[field]) Object.assign(next, { [field]: DEFAULT_STORE_IDENTITY[field] });
  return next;
}

export interface StarterPage {
  title: string;
  lead: string;
  markdown: string;
  faq: FaqEntry[];
}

type StarterTerms = Pick<StoreIdentity, 'store_name' | 'support_email'> & StoreTerms;

/** How a buyer reaches support: the address when there is one, else the Support page. */
const contact = (identity: StarterTerms) => (identity.support_email ? identity.support_email : 'us through the [Support](/support) page');

/** The six pages' starting texts for `identity` (after starterIdentity). */
export function starterPages(identity: StarterTerms): Record<StorePageSlug, StarterPage> {
  const word = licenceWord(identity.spelling);
  const Word = licenceWord(identity.spelling, true);
  const answer = identity.support_promise ? ` We answer ${identity.support_promise}.` : '';
  const guarantee = refundGuarantee(identity);
  const days = identity.refund_days;
  return {
    about: {
      title: `About ${identity.store_name}`,
      lead: '',
      markdown: [
        '## Who we are',
        '',
        `Tell your buyers who makes the plugins of ${identity.store_name}, and why.`,
        '',
        '## What we make',
        '',
        'Describe your plugins and the sites they are made for.',
        '',
        '[Browse the Catalog](/catalog)',
      ].join('\n'),
      faq: [],
    },
    documentation: {
      title: 'Documentation',
      lead: 'Getting started takes three steps.',
      markdown: [
        `1. **Install the plugin**: download the zip from your ${word} e-mail. In WordPress open Plugins → Add New → Upload Plugin, choose the file, install and activate it.`,
        `2. **Activate your ${word}**: open the plugin’s ${Word} screen, paste the key from your e-mail and click Activate. Updates now arrive in your dashboard.`,
        '3. **Configure your settings**: open the plugin’s settings and set it up for your site.',
        '',
        `Stuck? [Contact support](/support).${answer}`,
      ].join('\n'),
      faq: [],
    },
    support: {
      title: 'Support',
      lead: 'We are here to help you get the most out of your plugins.',
      markdown: '',
      faq: [
        {
          question: 'How do I install the plugin?',
          answer: `Download the zip from the link in your ${word} e-mail, then in WordPress go to Plugins → Add New → Upload Plugin, choose the file and click Activate.`,
        },
        {
          question: 'How many sites can I use the plugin on?',
          answer: `As many as the plan you bought covers: the plugin’s page and your account show each ${word}’s sites. Deactivate it on one site to move it to another.`,
        },
        {
          question: 'How do updates work?',
          answer: `Updates appear in your WordPress dashboard like any other plugin update once your ${word} key is activated, for as long as your plan includes updates.`,
        },
      ],
    },
    privacy: {
      title: 'Privacy Policy',
      lead: '',
      markdown: [
        '## What we collect',
        '',
        `When you buy, we keep your e-mail address, the plugin you bought and your ${word} key. Card details go straight to our payment provider; we never see or store them.`,
        '',
        `## ${Word} checks`,
        '',
        `When a plugin checks its ${word} or looks for updates, your site sends its address and ${word} key. We use them only to count activations and deliver updates.`,
        '',
        '## Your rights',
        '',
        `You may ask for a copy of your data, its correction or its deletion: write to ${contact(identity)}.`,
      ].join('\n'),
      faq: [],
    },
    terms: {
      title: 'Terms of Sale',
      lead: '',
      markdown: [
        `## Your ${word}`,
        '',
        `Each purchase gives you a ${word} for the plugin, for the number of websites and the term of the plan you chose.`,
        '',
        '## Delivery',
        '',
        `Your ${word} key is e-mailed after payment, with a link to download the plugin.`,
        '',
        '## Refunds',
        '',
        guarantee ? `Every purchase has a ${guarantee}: see our [Refund Policy](/refund-policy).` : 'See our [Refund Policy](/refund-policy).',
      ].join('\n'),
      faq: [],
    },
    refunds: {
      title: 'Refund Policy',
      lead: '',
      markdown:
        days > 0
          ? `Not the right fit? Ask for a full refund within ${days} day${days === 1 ? '' : 's'} of purchase by writing to ${contact(identity)}. Your ${word} is revoked when the refund is made.`
          : `To ask about a refund, write to ${contact(identity)}. A ${word} is revoked when its order is refunded.`,
      faq: [],
    },
  };
}
