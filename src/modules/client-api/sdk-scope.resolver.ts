import { Injectable } from '@nestjs/common';
import type { Principal } from '../../core/access/principal.js';
import { invalidProperty } from '../../core/errors/app-error.js';
import { ApiTokenReferencesReadModel } from '../../core/access/api-token-references.read-model.js';
import { ALL_PROJECTS, DEFAULT_SDK_ENVIRONMENT } from '../api-tokens/index.js';
import type { SdkScope } from './client-features.model.js';

export interface ScopeRequest {
  /** Honoured only for credentials without an environment of their own. */
  environment?: string;
  /** Narrows the credential's projects; it never widens them. */
  projects?: string[];
  namePrefix?: string;
}

/**
 * What the client and frontend APIs show a caller. A client or frontend token sees its own environment and
 * projects, whatever the query says (the query may only narrow the projects). An admin user has
 * no environment of its own: `?environment=` chooses one (it must exist), `development` otherwise.
 */
@Injectable()
export class SdkScopeResolver {
  constructor(private readonly references: ApiTokenReferencesReadModel) {}

  async resolve(principal: Principal, request: ScopeRequest): Promise<SdkScope> {
    const own = principal.kind === 'api-token' && principal.type !== 'admin' ? principal : undefined;
    let environment = own?.environment ?? DEFAULT_SDK_ENVIRONMENT;
    if (!own && request.environment !== undefined) {
      if (!(await this.references.environmentExists(request.environment))) {
        throw invalidProperty(
          '/query/environment',
          `The \`/query/environment\` property must name an existing environment. There is no environment named ${JSON.stringify(request.environment)}.`,
        );
      }
      environment = request.environment;
    }
    const allowed: string[] | 'all' = !own || own.projects.includes(ALL_PROJECTS) ? 'all' : own.projects;
    const requested = request.projects?.length && !request.projects.includes(ALL_PROJECTS) ? request.projects : undefined;
    const projects = requested ? (allowed === 'all' ? requested : allowed.filter((p) => requested.includes(p))) : allowed;
    return { environment, projects, ...(request.namePrefix ? { namePrefix: request.namePrefix } : {}) };
  }
}
