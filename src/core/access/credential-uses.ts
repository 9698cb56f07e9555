import { Injectable } from '@nestjs/common';

/** The credentials whose last use is recorded (`seen_at`), each in the table of the module that owns it. */
export type RecordedCredential = 'api-token' | 'personal-access-token' | 'session';

export interface CredentialUseRecorder {
  /** Records that the credential with this id (a session's: the digest of its id) was used at `at`. */
  markSeen(id: number | string, at: Date): Promise<void>;
}

/**
 * Where a found credential's use is recorded. Core finds credentials but writes none of their tables: the module
 * owning each kind adds its recorder when Nest builds it, before any request.
 */
@Injectable()
export class CredentialUses {
  private readonly recorders = new Map<RecordedCredential, CredentialUseRecorder>();

  add(kind: RecordedCredential, recorder: CredentialUseRecorder): void {
    this.recorders.set(kind, recorder);
  }

  async markSeen(kind: RecordedCredential, id: number | string, at: Date): Promise<void> {
    const recorder = this.recorders.get(kind);
    if (!recorder) throw new Error(`No module records the use of ${kind} credentials.`);
    await recorder.markSeen(id, at);
  }
}
