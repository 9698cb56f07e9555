import { Injectable } from '@nestjs/common';
import { hashSecret } from '../../core/access/secrets.js';
import { EdgeTokensReadModel, type SdkTokenScope } from './edge-tokens.read-model.js';

/** A token Edge sent that is valid, with what it may see. */
export interface ValidatedToken extends SdkTokenScope {
  token: string;
}

/** What Unleash Edge asks of the service it sits in front of. */
@Injectable()
export class EdgeService {
  constructor(private readonly tokens: EdgeTokensReadModel) {}

  /**
   * The valid client, backend and frontend tokens among `secrets`, once each, in the order sent. Only secrets the
   * caller sent are answered (matched by digest); unknown, expired and admin tokens are left out.
   */
  async validate(secrets: string[]): Promise<ValidatedToken[]> {
    const sent = [...new Set(secrets)].map((token) => ({ token, digest: hashSecret(token) }));
    const valid = await this.tokens.sdkTokens(sent.map((s) => s.digest));
    return sent.flatMap(({ token, digest }) => {
      const scope = valid.get(digest);
      return scope ? [{ token, type: scope.type, environment: scope.environment, projects: scope.projects }] : [];
    });
  }
}
