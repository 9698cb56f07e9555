import type { ApiTokenType } from '../../core/access/principal.js';

/** The token types that can be created through the API (admin tokens also come from INIT_ADMIN_API_TOKENS). */
export const CREATABLE_TOKEN_TYPES = ['client', 'backend', 'frontend', 'admin'] as const;
export const ADMIN_TOKEN_TYPE = 'admin';
export type CreatableTokenType = (typeof CREATABLE_TOKEN_TYPES)[number];

/** `*` as a project means every project, now and later; as an environment (admin tokens only), every environment. */
export const ALL_PROJECTS = '*';
export const ALL_ENVIRONMENTS = '*';

/** The environment SDK requests see when the caller's credential names none (admin users). */
export const DEFAULT_SDK_ENVIRONMENT = 'development';

/**
 * An API token as listings show it: never with its secret, only the visible prefix of it
 * (`default:development.`, `[]:production.` for several projects, `*:development.` for all, `*:*.` for admin).
 */
export interface ApiToken {
  id: number;
  tokenName: string;
  type: ApiTokenType;
  environment: string;
  /** The project part of the secret: one project id, `[]` for several, `*` for all. */
  project: string;
  projects: string[];
  secretPrefix: string;
  expiresAt: string | null;
  createdAt: string;
  seenAt: string | null;
  alias: null;
}

/** The answer to a creation: the only time the secret is ever shown. */
export type CreatedApiToken = Omit<ApiToken, 'secretPrefix'> & { secret: string };

export interface NewApiToken {
  tokenName: string;
  type: CreatableTokenType;
  environment: string;
  projects: string[];
  /** Which body property named the projects, so a 400 about them points at it. */
  projectsFrom: 'project' | 'projects' | 'default';
  expiresAt: Date | null;
}
