import { emailDomainAllowed, groupsOf } from './oidc-sign-in.service.js';

describe('groupsOf', () => {
  it('reads a list or one name at a dotted path, ignoring anything else', () => {
    const claims = { groups: ['a', 'b', 3], realm_access: { roles: ['admin'] }, team: 'ops' };
    expect(groupsOf(claims, 'groups')).toEqual(['a', 'b']);
    expect(groupsOf(claims, 'realm_access.roles')).toEqual(['admin']);
    expect(groupsOf(claims, 'team')).toEqual(['ops']);
    expect(groupsOf(claims, 'missing.path')).toEqual([]);
    expect(groupsOf(claims, '')).toEqual([]);
  });
});

describe('emailDomainAllowed', () => {
  it('allows any domain when none is listed, else only the listed ones (ignoring case, spaces and a leading @)', () => {
    expect(emailDomainAllowed('ada@example.com', '')).toBe(true);
    expect(emailDomainAllowed('ada@example.com', ' @Example.com , example.net')).toBe(true);
    expect(emailDomainAllowed('ada@evil-example.com', 'example.com')).toBe(false);
    expect(emailDomainAllowed('ada@sub.example.com', 'example.com')).toBe(false);
  });
});
