// `npm install` and `npm ci` run this (`prepare`): it points Git at the committed hooks in .githooks/. It does
// nothing, successfully, where there is nothing to set up: in CI (CI=true), outside a Git work tree (an npm
// tarball, a packed host's install), or without git.
import { execFileSync } from 'node:child_process';
import process from 'node:process';

const git = (...args) =>
  execFileSync('git', args, { stdio: ['ignore', 'pipe', 'ignore'] })
    .toString()
    .trim();

if (process.env.CI !== 'true' && process.env.CI !== '1') {
  try {
    if (git('rev-parse', '--is-inside-work-tree') === 'true' && git('rev-parse', '--show-toplevel') === process.cwd()) {
      git('config', 'core.hooksPath', '.githooks');
    }
  } catch {
    // Not a Git work tree, or no git: there is nothing to install.
  }
}
