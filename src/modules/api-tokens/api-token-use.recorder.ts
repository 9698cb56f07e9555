import { Injectable } from '@nestjs/common';
import { type CredentialUseRecorder, CredentialUses } from '../../core/access/credential-uses.js';
import { ApiTokenStore } from './api-token.store.js';

/** Records an API token's use (`flagwright_api_tokens.seen_at`) for core's credential lookup, which writes no module's table. */
@Injectable()
export class ApiTokenUseRecorder implements CredentialUseRecorder {
  constructor(
    private readonly store: ApiTokenStore,
    uses: CredentialUses,
  ) {
    uses.add('api-token', this);
  }

  markSeen(id: number, at: Date): Promise<void> {
    return this.store.markSeen(id, at);
  }
}
