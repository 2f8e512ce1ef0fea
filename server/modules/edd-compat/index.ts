// The Easy Digital Downloads Software Licensing-compatible API (issue 28, docs/migrating.md).
export { registerEddCompatRoutes } from './edd-compat.routes.js';
