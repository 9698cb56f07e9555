import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** .githooks/commit-msg, which `npm install` installs (scripts/install-git-hooks.mjs). */
describe('the commit-msg hook', () => {
  const dir = mkdtempSync(join(tmpdir(), 'commit-msg-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const verdict = (message: string) => {
    const file = join(dir, 'COMMIT_EDITMSG');
    writeFileSync(file, message);
    const run = spawnSync('sh', ['.githooks/commit-msg', file], { encoding: 'utf8' });
    return run.status === 0 ? 'accepted' : run.stderr.trim();
  };

  it('accepts a subject of at most 72 characters, a blank line and a body', () => {
    expect(verdict(`${'s'.repeat(72)}\n\nWhy the change is made.\n# Git's comment lines are not the message.\n`)).toBe('accepted');
  });

  it('refuses a longer subject, a missing body, and a body without the blank line', () => {
    expect(verdict(`${'s'.repeat(73)}\n\nWhy.\n`)).toBe(
      'commit-msg: the subject has 73 characters; keep it to 72 (say the rest in the body).',
    );
    const noBody = 'commit-msg: write a blank line after the subject, then a body saying why the change is made.';
    expect(verdict('Subject only\n')).toBe(noBody);
    expect(verdict('Subject\n# only a comment below\n')).toBe(noBody);
    expect(verdict('Subject\nWhy, without the blank line.\n')).toBe(noBody);
    expect(verdict('\n\nWhy.\n')).toBe('commit-msg: the subject line is empty.');
  });

  it("leaves Git's own messages as Git writes them: merges, reverts, fixups", () => {
    expect(verdict("Merge branch 'main' into house\n")).toBe('accepted');
    expect(verdict('Revert "Something"\n\nThis reverts commit abc.\n')).toBe('accepted');
    expect(verdict('fixup! Something\n')).toBe('accepted');
  });

  it('is installed by npm install outside CI, and not in CI', () => {
    const install = (env: NodeJS.ProcessEnv) =>
      spawnSync('node', ['scripts/install-git-hooks.mjs'], { env: { ...process.env, ...env } }).status;
    // In CI (where this suite may run) the script does nothing, and never fails an `npm ci`.
    expect(install({ CI: 'true' })).toBe(0);
  });
});
