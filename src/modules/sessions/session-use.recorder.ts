import { Injectable } from '@nestjs/common';
import { type CredentialUseRecorder, CredentialUses } from '../../core/access/credential-uses.js';
import { SessionStore } from './session.store.js';

/** Records a session's use (`flagwright_sessions.last_seen_at`, at most once a minute) for core's credential lookup. */
@Injectable()
export class SessionUseRecorder implements CredentialUseRecorder {
  constructor(
    private readonly store: SessionStore,
    uses: CredentialUses,
  ) {
    uses.add('session', this);
  }

  markSeen(idHash: string, at: Date): Promise<void> {
    return this.store.markSeen(idHash, at);
  }
}
