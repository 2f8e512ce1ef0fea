import type { PublicPlugin } from '../../../common/catalog.js';
import type { PluginFaqEntry } from '../../../common/plugins.js';
import type { StoreIdentity } from '../../../common/store-identity.js';

// schema.org data the server writes into every storefront page (docs/storefront.md, "Search engines and sharing"):
// the store as an Organization, and on a plugin page the plugin as a Product and its FAQ as an FAQPage. Written through scriptJson
// (server/modules/web-pages/page-meta.ts), so vendor text cannot end the script element.

export function organizationJsonLd(identity: StoreIdentity, origin: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: identity.store_name,
    url: `${origin}/`,
    ...(identity.logo ? { logo: `${origin}${identity.logo.url}` } : {}),
    ...(identity.support_email ? { email: identity.support_email } : {}),
    ...(identity.legal_name ? { legalName: identity.legal_name } : {}),
    ...(identity.legal_address ? { address: identity.legal_address } : {}),
    ...(identity.vat_number ? { vatID: identity.vat_number } : {}),
  };
}

/** The price a buyer pays now, in major units as schema.org wants it; null when the plugin shows no price. */
function offerPrice(plugin: PublicPlugin): string | null {
  if (plugin.is_free) return '0.00';
  if (!plugin.pricing_active || plugin.price === null) return null;
  const discounted = plugin.discount_price !== null && plugin.discount_price > 0 && plugin.discount_price < plugin.price;
  return ((discounted ? plugin.discount_price! : plugin.price) / 100).toFixed(2);
}

export function productJsonLd(plugin: PublicPlugin, identity: StoreIdentity, origin: string): object {
  const price = offerPrice(plugin);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: plugin.name,
    description: plugin.description,
    url: `${origin}/plugin/${encodeURIComponent(plugin.slug)}`,
    brand: { '@type': 'Brand', name: identity.store_name },
    ...(plugin.primary_image ? { image: `${origin}${plugin.primary_image.url}` } : plugin.banner ? { image: `${origin}${plugin.banner.url}` } : {}),
    // Only verified-buyer reviews (docs/storefront.md, "Reviews and numbers"), never the seeded demo's stored numbers.
    ...(plugin.verified_rating && plugin.review_count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: plugin.rating.toFixed(1),
            reviewCount: plugin.review_count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    ...(price !== null
      ? {
          offers: {
            '@type': 'Offer',
            price,
            priceCurrency: plugin.currency,
            availability: plugin.is_purchasable ? 'https://schema.org/InStock' : 'https://schema.org/PreOrder',
            url: `${origin}/plugin/${encodeURIComponent(plugin.slug)}`,
          },
        }
      : {}),
  };
}

/** A plugin's FAQ as schema.org FAQPage (the questions the page shows, answers as plain text); null without any. */
export function faqPageJsonLd(faq: PluginFaqEntry[]): object | null {
  if (faq.length === 0) return null;
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faq.map((entry) => ({
      '@type': 'Question',
      name: entry.question,
      acceptedAnswer: { '@type': 'Answer', text: entry.answer },
    })),
  };
}
