import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';

interface AuditReport {
  statusCode?: number;
  message?: string;
  metadata?: { vulnerabilities: Record<'info' | 'low' | 'moderate' | 'high' | 'critical', number> };
  vulnerabilities?: Record<string, { severity: string }>;
}

/**
 * Issue 14, item 7: `npm audit --omit=dev` finds no high or critical vulnerability in what the service runs, or
 * docs/security.md explains each one (by package name). Where the registry's advisory endpoint refuses the audit
 * (it answers 405 from the machines this was written on), the test says so and is skipped: it cannot tell.
 */
describe('the runtime dependencies', () => {
  it('have no known high or critical vulnerability that docs/security.md does not explain', async (context) => {
    const output = await promisify(execFile)('npm', ['audit', '--omit=dev', '--json'], { timeout: 120_000 }).then(
      (result) => result.stdout,
      (failure: { stdout?: string }) => failure.stdout ?? '{}', // npm audit exits 1 when it finds anything
    );
    const report = JSON.parse(output || '{}') as AuditReport;
    if (!report.metadata) context.skip(`npm audit could not run here: ${report.message ?? 'no report'}`);
    const explained = readFileSync('docs/security.md', 'utf8');
    const serious = Object.entries(report.vulnerabilities ?? {})
      .filter(([, finding]) => finding.severity === 'high' || finding.severity === 'critical')
      .map(([name]) => name);
    expect(serious.filter((name) => !explained.includes(`\`${name}\` (audit)`))).toEqual([]);
  });
});
