/**
 * `npm run audit:prod` (scripts/audit-prod.ts), which `npm test` runs: it audits the production
 * dependencies only and fails on a high or critical advisory, naming it. npm is replaced by a
 * stand-in that answers with a given report (the reports' shape is npm 11's `audit --json`), so
 * each outcome is tried whatever the registry knows today.
 */
import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO } from './support/clean-copy.ts';

const bin = mkdtempSync(join(tmpdir(), 'audit-prod-'));
afterAll(() => rmSync(bin, { recursive: true, force: true }));

// The stand-in: records its arguments, prints the report, exits 1 as npm does on findings.
writeFileSync(
  join(bin, 'npm'),
  `#!/bin/sh\necho "$@" > "${bin}/args"\ncat "${bin}/report.json"\nexit 1\n`,
);
chmodSync(join(bin, 'npm'), 0o755);

function report(severities: Record<string, string>): object {
  const vulnerabilities = Object.fromEntries(
    Object.entries(severities).map(([name, severity]) => [
      name,
      {
        name,
        severity,
        via: [{ title: `${name} is vulnerable`, url: `https://advisories.test/${name}` }],
        fixAvailable: true,
      },
    ]),
  );
  const count = (level: string) => Object.values(severities).filter((s) => s === level).length;
  return {
    auditReportVersion: 2,
    vulnerabilities,
    metadata: {
      vulnerabilities: {
        info: 0,
        low: count('low'),
        moderate: count('moderate'),
        high: count('high'),
        critical: count('critical'),
        total: Object.keys(severities).length,
      },
      dependencies: { prod: 147, dev: 600, optional: 10, peer: 0, peerOptional: 0, total: 747 },
    },
  };
}

const REFUSED = {
  message: '405 Method Not Allowed - POST <registry>/-/npm/v1/security/advisories/bulk',
  statusCode: 405,
  error: { summary: '', detail: '' },
};

async function auditWith(
  answer: object,
  env: Record<string, string> = {},
): Promise<{ code: number; out: string }> {
  writeFileSync(join(bin, 'report.json'), JSON.stringify(answer));
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [join(REPO, 'scripts/audit-prod.ts')],
      { env: { PATH: `${bin}:${process.env.PATH ?? ''}`, ...env } },
    );
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

describe('audit:prod', () => {
  it('audits the production dependencies only', async () => {
    await auditWith(report({}));
    expect(readFileSync(join(bin, 'args'), 'utf8').trim()).toBe('audit --omit=dev --json');
  });

  it('passes with no advisory, and says how many packages it checked', async () => {
    const { code, out } = await auditWith(report({}));
    expect(code).toBe(0);
    expect(out).toContain('147 production packages');
  });

  it('passes with low and moderate advisories only', async () => {
    const { code, out } = await auditWith(report({ 'some-lib': 'moderate', other: 'low' }));
    expect(code).toBe(0);
    expect(out).toContain('1 moderate');
  });

  it.each(['high', 'critical'])('fails on a %s advisory, naming it and its fix', async (level) => {
    const { code, out } = await auditWith(report({ 'bad-lib': level, 'fine-lib': 'low' }));
    expect(code).toBe(1);
    expect(out).toContain(
      `${level} bad-lib: bad-lib is vulnerable (https://advisories.test/bad-lib); npm audit fix can fix it`,
    );
    expect(out).not.toContain('fine-lib:');
  });

  it('says NOT CHECKED when the registry refuses the audit, failing only if it is required', async () => {
    const lenient = await auditWith(REFUSED);
    expect(lenient.code).toBe(0);
    expect(lenient.out).toContain('NOT CHECKED');
    expect(lenient.out).toContain('405 Method Not Allowed');

    expect((await auditWith(REFUSED, { AUDIT_REQUIRED: '1' })).code).toBe(1);
  });
});
