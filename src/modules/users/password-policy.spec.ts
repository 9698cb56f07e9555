import { isAcceptablePassword } from './password-policy.js';

describe('password policy', () => {
  it.each(['Abcdefg1', 'abcdefg1!', 'ABCDEFG1!', 'Abcdefgh!', 'correct Horse battery', 'Ünïcödé-9'])('accepts %j', (password) => {
    expect(isAcceptablePassword(password)).toBe(true);
  });

  it.each([
    ['too short', 'Abc1!'],
    ['seven characters', 'Abcde1!'],
    ['only lower-case and digits', 'unleash4all'],
    ['only letters', 'AbcdefghIJ'],
    ['only digits', '1234567890'],
    ['too long', `Aa1!${'x'.repeat(125)}`],
    ['not a string', 12345678],
  ])('refuses a password that is %s', (_, password) => {
    expect(isAcceptablePassword(password)).toBe(false);
  });
});
