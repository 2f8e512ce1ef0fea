/** The storefront's name and support address, shown in the public layout and pages. */
export const STORE_NAME = '8022 Plugins';
export const SUPPORT_EMAIL = 'support@8022.dev';
