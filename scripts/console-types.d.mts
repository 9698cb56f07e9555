/** The text of console/src/api/schema.d.ts for an OpenAPI document (scripts/console-types.mjs). */
export function consoleTypes(document: object): Promise<string>;
