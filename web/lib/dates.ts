// One date format for the whole app, storefront and admin alike: UK style, in UTC (the API's times are UTC), so
// a date reads the same for every visitor and in every screenshot: "23 November 2026", "23 November 2026, 14:05 UTC".

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const TIME = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });

/** "23 November 2026" for an ISO time. */
export const formatDate = (iso: string): string => DATE.format(new Date(iso));

/** "23 November 2026, 14:05 UTC" for an ISO time. */
export const formatDateTime = (iso: string): string => `${DATE.format(new Date(iso))}, ${TIME.format(new Date(iso))} UTC`;
