// Importers of other licensing systems' exports (issue 28, docs/migrating.md).
export { runImport, type ImportOptions, type ImportRowReport, type ImportSummary } from './import.service.js';
export { FORMATS, IMPORT_FORMATS, type ImportFormat } from './import-formats.js';
