// Importers of other licensing systems' exports and of this server's own export (issue 28, docs/migrating.md).
export { FORMATS, IMPORT_FORMATS, type ImportFormat } from './import-formats.js';
export { type ImportOptions, type ImportRowReport, type ImportSummary, runImport } from './import.service.js';
export { importShopExport, writeShopExport } from './shop-export.js';

import type { AppModule } from '../../kernel/module.js';
import { registerImportRoutes } from './import.routes.js';

/** What the composition root installs (server/services.ts). */
export const importersModule: AppModule = { name: 'importers', routes: registerImportRoutes };
