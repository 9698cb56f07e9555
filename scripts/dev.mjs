// `npm run dev`: compiles src/ in watch mode into a fresh dist/src (nothing left from files since deleted) and runs
// the service from it with `node --watch`, which restarts it whenever a file it loaded is rewritten. The service
// runs unbundled and without the compile cache: a restart costs a second more than `npm start`'s, and no build step
// stands between an edit and the restarted service. Stop it with Ctrl-C.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

rmSync('dist/src', { recursive: true, force: true });
const children = [];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

const compiler = spawn(
  process.execPath,
  ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json', '--watch', '--preserveWatchOutput'],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
children.push(compiler);
let service;
compiler.stdout.on('data', (chunk) => {
  const text = chunk.toString();
  process.stdout.write(text);
  // The first compilation is written: start the service, which then follows every later one by itself.
  if (!service && /Found \d+ errors?\. Watching for file changes/.test(text)) {
    service = spawn(process.execPath, ['--watch', '--enable-source-maps', 'dist/src/main.js'], { stdio: 'inherit' });
    children.push(service);
  }
});
compiler.on('exit', (code) => {
  stop();
  process.exitCode = code ?? 0;
});
