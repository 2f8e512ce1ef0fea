// Importers of other licensing systems' exports (issue 28, docs/migrating.md).
export { FORMATS, IMPORT_FORMATS, type ImportFormat } from './import-formats.js';
export { type ImportOptions, type ImportRowReport, type ImportSummary, runImport } from './import.service.js';
