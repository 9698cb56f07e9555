import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Encrypts a secret kept in the database (the OIDC client secret) with AES-256-GCM under a key derived by HKDF from
 * the configured key (`sso.secretKey`, by default the session secret): a copy of the database alone does not give
 * the secret away, and a changed row does not decrypt. Stored as `v1:<iv>:<tag>:<ciphertext>`, base64url parts.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secretKey: string) {
    this.key = Buffer.from(hkdfSync('sha256', secretKey, 'flagwright', 'flagwright auth settings secret', 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), sealed]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join(':');
  }

  /** The plain secret, or undefined when the box was sealed under another key (the key changed since) or altered. */
  open(box: string): string | undefined {
    const [version, iv, tag, sealed] = box.split(':');
    if (version !== VERSION || !iv || !tag || sealed === undefined) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}
