import { useEffect } from 'react';

export const PRODUCT_NAME = 'Licensing';
export const DEFAULT_TITLE = `${PRODUCT_NAME} Admin Dashboard`;

function setMeta(selector: string, attribute: 'name' | 'property', key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(selector);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.content = content;
}

/** Page title is the page name followed by the product name; description and og:title follow. */
export function usePageMeta(page: string | undefined, description?: string): void {
  useEffect(() => {
    const title = page ? `${page} - ${PRODUCT_NAME}` : DEFAULT_TITLE;
    document.title = title;
    setMeta('meta[property="og:title"]', 'property', 'og:title', title);
    if (description) setMeta('meta[name="description"]', 'name', 'description', description);
  }, [page, description]);
}
