/** The public entry of the export-import module: what other modules and hosts may use. */
export { ExportImportModule } from './export-import.module.js';
