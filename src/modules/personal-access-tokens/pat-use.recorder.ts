import { Injectable } from '@nestjs/common';
import { type CredentialUseRecorder, CredentialUses } from '../../core/access/credential-uses.js';
import { PatStore } from './pat.store.js';

/** Records a personal access token's use (`flagwright_personal_access_tokens.seen_at`) for core's credential lookup. */
@Injectable()
export class PatUseRecorder implements CredentialUseRecorder {
  constructor(
    private readonly store: PatStore,
    uses: CredentialUses,
  ) {
    uses.add('personal-access-token', this);
  }

  markSeen(id: number, at: Date): Promise<void> {
    return this.store.markSeen(id, at);
  }
}
