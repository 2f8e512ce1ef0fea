/** The storefront's name, tagline and support address, shown in the public layout and pages. */
export const STORE_NAME = '8022 Plugins';
export const STORE_TAGLINE = 'Premium WordPress and WooCommerce plugins with one-time licences, lifetime updates and friendly support.';
export const SUPPORT_EMAIL = 'support@8022.dev';
export const SUPPORT_RESPONSE_TIME = 'within 24 hours';
