// Importers of other licensing systems' exports and of this server's own export (issue 28, docs/migrating.md).
export { FORMATS, IMPORT_FORMATS, type ImportFormat } from './import-formats.js';
export { type ImportOptions, type ImportRowReport, type ImportSummary, runImport } from './import.service.js';
export { registerImportRoutes } from './import.routes.js';
export { importShopExport, writeShopExport } from './shop-export.js';
