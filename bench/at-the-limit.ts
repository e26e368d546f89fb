/**
 * At the limit, all its figures in one run: each section is a script under
 * bench/at-the-limit/ that starts what it needs, prints its section and stops it. The sections
 * run one after the other, each in a process of its own, so none measures while another loads
 * the machine or in a heap and event loop another left behind (run in one process after the
 * limiter section, the overhead section's verify step measured p50/p95 66/198 ms at load 1.2,
 * 24/41 ms run alone at load 2.3); the load average is printed beside each.
 *
 *   limiter.ts   utilisation, 429s, a click's wait p50/p95/max in windows under a 50-shop
 *                bulk backlog, fairness across shops
 *   overhead.ts  the app's overhead per result with its steps, bulk completion ÷ (rate floor +
 *                one job + processing)
 *   scale.ts     the scheduler at 100, 1,000 and 10,000 shops
 *
 * Run: node bench/at-the-limit.ts [section ...]   (all sections by default; a section that fails
 * prints why, the others still run, and the exit code is 1)
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

interface Section {
  name: string;
  title: string;
  url: URL;
}

const SECTIONS: readonly Section[] = [
  {
    name: 'limiter',
    title: 'Paced submissions: utilisation, 429s, a click’s wait, fairness',
    url: new URL('./at-the-limit/limiter.ts', import.meta.url),
  },
  {
    name: 'overhead',
    title: 'Overhead per result with its steps; bulk completion',
    url: new URL('./at-the-limit/overhead.ts', import.meta.url),
  },
  {
    name: 'scale',
    title: 'The scheduler at 100, 1,000 and 10,000 shops',
    url: new URL('./at-the-limit/scale.ts', import.meta.url),
  },
];

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !SECTIONS.some((section) => section.name === name));
if (unknown.length > 0) {
  console.error(`Unknown section(s): ${unknown.join(', ')}; known: limiter, overhead, scale`);
  process.exit(2);
}

console.log(`# At the limit — ${new Date().toISOString()}, load average ${load()}`);
for (const section of SECTIONS) {
  if (chosen.length > 0 && !chosen.includes(section.name)) continue;
  console.log(`\n## ${section.title} (bench/at-the-limit/${section.name}.ts)`);
  const started = Date.now();
  console.log(`load average before: ${load()}`);
  const child = spawn(process.execPath, [fileURLToPath(section.url)], { stdio: 'inherit' });
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  if (code !== 0) {
    // The other sections still run; the exit code says one failed.
    console.log(`FAILED: the section exited with ${code ?? signal}`);
    process.exitCode = 1;
  }
  console.log(
    `load average after: ${load()} (section took ${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
}
