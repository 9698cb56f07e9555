import { createHash } from 'node:crypto';
import { imageUrlFor } from './image-url.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('imageUrlFor', () => {
  it('hashes the lower-cased, trimmed email first', () => {
    expect(imageUrlFor({ id: 7, email: '  Ada@Example.COM ', username: 'ada' })).toBe(
      `https://gravatar.com/avatar/${sha256('ada@example.com')}?s=42&d=retro&r=g`,
    );
  });

  it('falls back to the username, then to the id', () => {
    expect(imageUrlFor({ id: 7, email: null, username: 'Admin' })).toBe(`https://gravatar.com/avatar/${sha256('admin')}?s=42&d=retro&r=g`);
    expect(imageUrlFor({ id: 7, email: '', username: null })).toBe(`https://gravatar.com/avatar/${sha256('7')}?s=42&d=retro&r=g`);
  });

  it('gives the seeded admin the avatar Unleash gives it', () => {
    expect(imageUrlFor({ id: 1, username: 'admin' })).toMatch(
      /^https:\/\/gravatar\.com\/avatar\/8c6976e5b5410415bde908bd4dee15dfb167a9c873fc4bb8a81f6f2ab448a918\?s=42&d=retro&r=g$/,
    );
  });
});
