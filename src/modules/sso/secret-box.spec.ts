import { SecretBox } from './secret-box.js';

describe('SecretBox', () => {
  it('seals a secret so that only the same key opens it, differently each time', () => {
    const box = new SecretBox('a-key-of-sixteen-or-more');
    const sealed = box.seal('client-secret');
    expect(sealed).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
    expect(sealed).not.toContain('client-secret');
    expect(box.seal('client-secret')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('client-secret');
    expect(new SecretBox('another-key-entirely').open(sealed)).toBeUndefined();
  });

  it('refuses an altered or malformed box', () => {
    const box = new SecretBox('a-key-of-sixteen-or-more');
    const [version, iv, tag, sealed] = box.seal('client-secret').split(':');
    const flipped = Buffer.from(sealed, 'base64url');
    flipped[0] ^= 1;
    expect(box.open([version, iv, tag, flipped.toString('base64url')].join(':'))).toBeUndefined();
    expect(box.open('v2:a:b:c')).toBeUndefined();
    expect(box.open('plain-secret')).toBeUndefined();
  });
});
