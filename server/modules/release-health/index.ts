// The module's public face (issue 24's shape): the app registers its routes from here.
export { releaseHealthAnalytics } from './deactivation-reasons.js';
export { registerReleaseHealthRoutes } from './release-health.routes.js';
