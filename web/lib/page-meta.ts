import { useEffect } from 'react';
import type { StoreIdentity } from '@common/store-identity';
import { metaDescription, pageTitle } from '@common/page-meta';
import { storeIdentityQueryKey } from '@common/public-queries';
import { matchWebRoute } from '@common/web-routes';
import { queryClient } from '@/lib/query-client';

/** Sets (or, with null, removes) the `<meta>`/`<link>` whose `keyAttribute` is `key`. */
function setHeadTag(tag: 'meta' | 'link', keyAttribute: 'name' | 'property' | 'rel', key: string, value: string | null): void {
  let element = document.head.querySelector(`${tag}[${keyAttribute}="${key}"]`);
  if (value === null) return element?.remove();
  if (!element) {
    element = document.createElement(tag);
    element.setAttribute(keyAttribute, key);
    document.head.appendChild(element);
  }
  element.setAttribute(tag === 'link' ? 'href' : 'content', value);
}

let siteOrigin: string | undefined;
/** The description the server wrote into the first page (the store's tagline): pages without their own keep it. */
let defaultDescription: string | undefined;

/** On storefront pages the store identity (its name titles them, its tagline is their default description); none on the admin's. */
function storefrontIdentity(): StoreIdentity | undefined {
  // A path no page matches shows the store's 404 page (common/web-routes.ts showsStorefront): titled by the store too.
  if (matchWebRoute(location.pathname)?.page === 'admin') return undefined;
  return queryClient.getQueryData<StoreIdentity>(storeIdentityQueryKey);
}

export interface PageMetaOptions {
  /** The page's canonical path ('/catalog', '/plugin/{slug}'): only pages with one may be indexed (else `noindex`). */
  canonical?: string;
  /** og:image: the plugin's primary image (a path on this site). */
  image?: { url: string; alt: string } | null;
  ogType?: 'website' | 'product';
}

/**
 * Page title is the page name followed by the product name (docs/product-spec.md section 2), on the storefront the
 * store's name; description, canonical, robots
 * and Open Graph tags follow. The server writes the same tags into the HTML of the first page
 * (server/http/page-meta.ts, common/page-meta.ts); this keeps them in sync on client navigation.
 */
export function usePageMeta(page: string | undefined, description?: string, { canonical, image, ogType = 'website' }: PageMetaOptions = {}): void {
  const imageUrl = image?.url;
  const imageAlt = image?.alt;
  useEffect(() => {
    // Absolute addresses keep the origin the server chose (the base URL setting) on the first page.
    siteOrigin ??= new URL(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? '/', location.href).origin;
    defaultDescription ??= document.head.querySelector('meta[name="description"]')?.getAttribute('content') ?? '';
    const identity = storefrontIdentity();
    const title = pageTitle(page, identity?.store_name || undefined);
    const text = metaDescription(description, metaDescription(identity?.tagline || defaultDescription));
    const url = canonical === undefined ? null : siteOrigin + canonical;
    document.title = title;
    const tags: Array<[tag: 'meta' | 'link', attribute: 'name' | 'property' | 'rel', key: string, value: string | null]> = [
      ['meta', 'name', 'description', text],
      ['link', 'rel', 'canonical', url],
      ['meta', 'name', 'robots', url ? null : 'noindex'],
      ['meta', 'property', 'og:type', ogType],
      ['meta', 'property', 'og:title', title],
      ['meta', 'property', 'og:description', text],
      ['meta', 'property', 'og:url', url],
      ['meta', 'property', 'og:image', imageUrl ? siteOrigin + imageUrl : null],
      ['meta', 'property', 'og:image:alt', (imageUrl && imageAlt) || null],
      ['meta', 'name', 'twitter:card', imageUrl ? 'summary_large_image' : 'summary'],
    ];
    for (const [tag, attribute, key, value] of tags) setHeadTag(tag, attribute, key, value);
  }, [page, description, canonical, ogType, imageUrl, imageAlt]);
}
