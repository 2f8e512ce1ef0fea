// The prices module's public face (issue 24's module shape): other modules use what prices.service.ts exports.
export * from './prices.service.js';
