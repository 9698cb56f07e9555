import type { ApiTokenType } from './principal.js';

/**
 * Unleash's API token format: `<project>:<environment>.<random>`; `*` stands for every project (and, for admin
 * tokens, every environment: `*:*.<random>`), `[]` for several projects listed beside the token.
 */
export interface ApiTokenParts {
  project: string;
  environment: string;
  random: string;
}

const FORMAT = /^([^:\s]+):([^.\s]+)\.(\S+)$/;

export function parseApiToken(secret: string): ApiTokenParts | undefined {
  const match = FORMAT.exec(secret);
  return match ? { project: match[1], environment: match[2], random: match[3] } : undefined;
}

/** The visible prefix of a token: `*:*.` for admin, `p1:production.` or `[]:production.` for client tokens. */
export function apiTokenPrefix(type: ApiTokenType, projects: string[], environment: string): string {
  if (type === 'admin') return '*:*.';
  const project = projects.length === 1 ? projects[0] : projects.includes('*') ? '*' : '[]';
  return `${project}:${environment}.`;
}
