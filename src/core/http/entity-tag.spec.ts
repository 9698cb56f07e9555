import { AppError } from '../errors/app-error.js';
import { requireIfMatch, strongEtag } from './entity-tag.js';

describe('requireIfMatch', () => {
  const current = strongEtag('v2');
  const refusal = (ifMatch: string) => {
    try {
      requireIfMatch(ifMatch, () => current, 'strategy');
    } catch (error) {
      return error;
    }
    return undefined;
  };

  it('lets a write through without the header, with the current tag, a list naming it, or *', () => {
    expect(refusal(current)).toBeUndefined();
    expect(refusal(`"a", ${current} , "b"`)).toBeUndefined();
    expect(refusal('*')).toBeUndefined();
    expect(() => requireIfMatch(undefined, () => current, 'strategy')).not.toThrow();
  });

  it('refuses a stale tag, a weak one and an unquoted one with 412 PreconditionFailed', () => {
    for (const ifMatch of [strongEtag('v1'), `W/${current}`, current.slice(1, -1)]) {
      const error = refusal(ifMatch);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ name: 'PreconditionFailed' });
      expect((error as AppError).message).toContain(`its ETag is now ${current}`);
    }
  });

  it('tags content by its SHA-256: the same for the same content, quoted', () => {
    expect(strongEtag('v2')).toBe(current);
    expect(strongEtag('v1')).not.toBe(current);
    expect(current).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
  });
});
