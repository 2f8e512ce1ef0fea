/** The storefront's name, tagline and support address, shown in the public layout and pages. */
// Name and tagline live beside the page meta, which the server writes into the HTML too.
export { STORE_NAME, STORE_TAGLINE, SUPPORT_EMAIL } from '@common/page-meta';
export const SUPPORT_RESPONSE_TIME = 'within 24 hours';
