import type { App, AppContext } from '../../kernel/context.js';

export function registerInvoiceRoutes(_app: App, _ctx: AppContext): void {}
