// `npm run build`: the service (TypeScript, then its bundle), then the web console, each timed: the console's build
// should take no longer than the service's (issue 36's budget).
import { execFileSync } from 'node:child_process';
import process from 'node:process';

function timed(label, command, args) {
  const start = process.hrtime.bigint();
  execFileSync(command, args, { stdio: 'inherit' });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return { label, seconds };
}

const service = timed('service', 'npm', ['run', '--silent', 'build:service']);
const console_ = timed('console', 'npm', ['run', '--silent', 'build:console']);
process.stdout.write(`Built the service in ${service.seconds.toFixed(1)} s and the console in ${console_.seconds.toFixed(1)} s.\n`);
// Reported, not enforced: on a shared machine either time varies with the load.
if (console_.seconds > service.seconds) process.stdout.write('The console took longer than the service: over its budget.\n');
