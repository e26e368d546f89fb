// `npm audit` of the production dependencies, the ones the image installs (npm ci --omit=dev):
//   npm run audit:prod        (npm test runs it after lint)
// Fails (exit 1) on any high or critical advisory, naming each package, its advisories and
// whether `npm audit fix` can fix it. The advisories come from the registry's audit endpoint;
// where that does not answer (the npm registry this project's machines and CI reach refuses
// it: 405 Method Not Allowed), it prints NOT CHECKED with the reason and exits 0, or 1 when
// AUDIT_REQUIRED=1 (set it wherever the public registry is reached, e.g. a release pipeline).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const BLOCKING = new Set(['high', 'critical']);

interface Advisory {
  title?: string;
  url?: string;
  severity?: string;
}

interface AuditReport {
  vulnerabilities?: Record<
    string,
    { severity: string; via: (string | Advisory)[]; fixAvailable: unknown }
  >;
  metadata?: { vulnerabilities: Record<string, number>; dependencies?: { prod?: number } };
  message?: string;
  statusCode?: number;
  error?: { summary?: string; detail?: string };
}

async function audit(): Promise<AuditReport> {
  const args = ['audit', '--omit=dev', '--json'];
  // npm audit exits 1 when it finds advisories and when it fails: the JSON says which.
  const { stdout } = await promisify(execFile)('npm', args, { maxBuffer: 64 * 1024 * 1024 }).catch(
    (error: { stdout?: string; message: string }) => ({ stdout: error.stdout ?? '' }),
  );
  try {
    return JSON.parse(stdout) as AuditReport;
  } catch {
    return { message: `npm audit printed no report: ${stdout.slice(0, 200)}` };
  }
}

const report = await audit();
if (!report.metadata || !report.vulnerabilities) {
  const why = report.message ?? report.error?.summary ?? 'no report';
  console.error(`audit:prod: NOT CHECKED, the registry's advisories did not answer: ${why}`);
  process.exit(process.env.AUDIT_REQUIRED === '1' ? 1 : 0);
}

const blocking = Object.entries(report.vulnerabilities).filter(([, found]) =>
  BLOCKING.has(found.severity),
);
const counts = Object.entries(report.metadata.vulnerabilities)
  .filter(([severity]) => severity !== 'total')
  .map(([severity, count]) => `${count} ${severity}`)
  .join(', ');
const scanned = report.metadata.dependencies?.prod;
console.log(`audit:prod: ${scanned ?? '?'} production packages; advisories: ${counts}`);
for (const [name, found] of blocking) {
  const advisories = found.via
    .map((via) => (typeof via === 'string' ? `through ${via}` : `${via.title} (${via.url})`))
    .join('; ');
  const fix = found.fixAvailable ? 'npm audit fix can fix it' : 'no fix available yet';
  console.error(`  ${found.severity} ${name}: ${advisories}; ${fix}`);
}
if (blocking.length > 0) {
  console.error(`audit:prod: ${blocking.length} packages with high or critical advisories`);
  process.exit(1);
}
