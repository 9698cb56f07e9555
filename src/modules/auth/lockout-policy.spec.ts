import { lockDurationMs, loginNameKey, minutesText } from './lockout-policy.js';

describe('lockout policy', () => {
  it('counts usernames as typed (trimmed) and emails ignoring case', () => {
    expect(loginNameKey('  admin ')).toBe('admin');
    expect(loginNameKey('Admin')).toBe('Admin');
    expect(loginNameKey(' Ada@Example.COM ')).toBe('ada@example.com');
  });

  it('locks for the configured minutes, doubling per further lock, up to a day', () => {
    expect(lockDurationMs(1, 15)).toBe(15 * 60_000);
    expect(lockDurationMs(2, 15)).toBe(30 * 60_000);
    expect(lockDurationMs(3, 15)).toBe(60 * 60_000);
    expect(lockDurationMs(7, 15)).toBe(16 * 3600_000);
    expect(lockDurationMs(8, 15)).toBe(24 * 3600_000);
    expect(lockDurationMs(40, 15)).toBe(24 * 3600_000);
  });

  it('never shortens a configured lock longer than a day', () => {
    expect(lockDurationMs(1, 3 * 24 * 60)).toBe(3 * 24 * 3600_000);
    expect(lockDurationMs(5, 3 * 24 * 60)).toBe(3 * 24 * 3600_000);
  });

  it('describes the time left in whole minutes, rounded up', () => {
    expect(minutesText(15 * 60_000)).toBe('15 minutes');
    expect(minutesText(14 * 60_000 + 1)).toBe('15 minutes');
    expect(minutesText(1)).toBe('1 minute');
  });
});
