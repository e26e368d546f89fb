/**
 * The fault bench's printout: each shop's generations and what was charged and lost, the timed
 * shop's clicks in each window against idle, and where the machine's time went (probes.ts).
 */
import type { GenerationView } from '../../src/app-api/contract.ts';
import type { Click } from './children.ts';
import { p95, settled, type EmulatorJob, type Figures } from './figures.ts';
import type { WindowFigures } from './probes.ts';

export function figureLines(
  figures: ReadonlyMap<string, Figures>,
  generations: ReadonlyMap<unknown, readonly GenerationView[]>,
): string[] {
  const lines: string[] = [];
  const unsettled = [...generations.values()].flat().filter((g) => !settled(g)).length;
  const total = (pick: (f: Figures) => number) =>
    [...figures.values()].reduce((sum, f) => sum + pick(f), 0);
  lines.push(`generations: ${total((f) => f.generations)} (${unsettled} not settled)`);
  for (const [shop, f] of figures) {
    const states = [...f.byState].sort((a, b) => b[1] - a[1]);
    lines.push(`  ${shop}: ${states.map(([state, n]) => `${state} ${n}`).join(', ') || 'none'}`);
  }
  const charged = total((f) => f.charged);
  const made = total((f) => f.generations);
  lines.push(
    `ProductAI jobs charged ÷ generations: ${charged} / ${made} = ` +
      `${(charged / Math.max(1, made)).toFixed(3)} (${total((f) => f.refunded)} refunded after ` +
      `ERROR; ${total((f) => f.orphanJobs)} charged jobs of no generation)`,
  );
  lines.push(
    `paid results lost (neither on the product nor waiting in review): ` +
      `${total((f) => f.paidNotOnProduct)} (${total((f) => f.inReview)} wait in review, ` +
      `their files in Files: the flood's four-result clicks)`,
  );
  for (const f of figures.values())
    for (const example of f.lostExamples) lines.push(`  ${example}`);
  for (const g of [...generations.values()]
    .flat()
    .filter((x) => x.state === 'failed')
    .slice(0, 5))
    lines.push(`failed: ${g.product.title}: ${g.reason} (try again: ${g.tryAgain ?? '-'})`);
  return lines;
}

const quantile = (values: readonly number[], q: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};

function inWindow(clicks: readonly Click[], from: number, to: number): Click[] {
  return clicks.filter((click) => click.at >= from && click.at < to);
}

function describe(name: string, clicks: readonly Click[]): string {
  const ok = clicks.filter((c) => c.status === 202).map((c) => c.ms);
  const failed = new Map<string, number>();
  for (const c of clicks.filter((x) => x.status !== 202)) {
    const what = c.code ? `${c.status} ${c.code}` : String(c.status);
    failed.set(what, (failed.get(what) ?? 0) + 1);
  }
  const failures = [...failed].map(([what, n]) => `${what} ×${n}`).join(', ');
  return (
    `  ${name.padEnd(12)} p50 ${quantile(ok, 0.5).toFixed(0)} ms, p95 ${p95(ok).toFixed(0)} ms ` +
    `(${ok.length} clicks${failures ? `; failed: ${failures}` : ''})`
  );
}

/** The timed shop's clicks: idle before and after, during the flood and the run. */
export function clickLines(
  clicks: readonly Click[],
  windows: ReadonlyMap<string, WindowFigures>,
  run: { runStart: number; runEnd: number; other: string },
): string[] {
  const window = (name: string) => {
    const w = windows.get(name);
    return w ? inWindow(clicks, w.from, w.to) : [];
  };
  const before = window('idle before');
  const after = window('idle after');
  const during = inWindow(clicks, run.runStart, run.runEnd);
  const flood = window('flood');
  const okP95 = (list: readonly Click[]) =>
    p95(list.filter((c) => c.status === 202).map((c) => c.ms));
  // The machine's other load moves between windows (their load averages are below): each
  // window against each idle one, and against both together.
  const ratios = (list: readonly Click[]) =>
    [before, after, [...before, ...after]]
      .map((idle) => `${(okP95(list) / okP95(idle)).toFixed(2)}×`)
      .join(' / ');
  return [
    `${run.other}'s clicks (POST /api/generations, timed in a process of their own):`,
    describe('idle before', before),
    describe('during flood', flood),
    describe('during run', during),
    describe('idle after', after),
    `  p95 ÷ idle before / after / both: during the flood ${ratios(flood)}, ` +
      `during the run ${ratios(during)}`,
  ];
}

/** Where the time went in each window: CPU by process, the event loops. */
export function probeLines(windows: ReadonlyMap<string, WindowFigures>): string[] {
  const lines = [
    "where the time went (the machine's 1-min load at the end; share of one core by process; " +
      'event-loop delay p99):',
  ];
  for (const [name, w] of windows) {
    const cores = Object.entries(w.cores)
      .sort((a, b) => b[1] - a[1])
      .map(([role, share]) => `${role} ${share.toFixed(2)}`)
      .join(', ');
    const web = w.webLoopP99
      ? `web loop ${w.webLoopP99.median.toFixed(0)} ms (worst 5 s: ${w.webLoopP99.max.toFixed(0)})`
      : 'web loop n/a';
    lines.push(
      `  ${name.padEnd(12)} ${w.seconds.toFixed(0)} s, load ${w.load.toFixed(1)}: ${cores}; ${web}; ` +
        `bench loop ${w.benchLoopP99.toFixed(0)} ms`,
    );
  }
  return lines;
}

/**
 * The timed shop's generations by the window they were created in: the time from the click to
 * the result made (published or waiting in review; updatedAt, their last change), p50 and p95,
 * and how many failed or had not settled: whether the flooding shop's accepted work delayed
 * another shop's generations in the worker (the fair line: limits/fair-scheduler.ts). With the
 * shop's ProductAI jobs, that time is split where it was spent: in the app's line before the
 * request left (the click to the job's creation), at ProductAI (the job's creation to its end:
 * on the bench, its emulator's renders on the outside cores, shared by every shop's jobs), and
 * in the app's stages after it (download and save: the job's end to the result made). Each job
 * is its generation's by their order: one job per generation (charged ÷ generations 1.000),
 * sent in the order of the shop's own line.
 */
export function settleLines(
  views: readonly GenerationView[],
  windows: ReadonlyMap<string, WindowFigures>,
  jobs: readonly EmulatorJob[] = [],
): string[] {
  const lines = ['the timed shop’s generations, click to result, by the window of the click:'];
  const inOrder = [...views].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  const jobOf = new Map<GenerationView, EmulatorJob>();
  if (jobs.length === views.length) {
    const sent = [...jobs].sort((a, b) => a.createdAt - b.createdAt);
    inOrder.forEach((g, i) => jobOf.set(g, sent[i]!));
  }
  const seconds = (values: number[]) =>
    `p50 ${quantile(values, 0.5).toFixed(1)} s, p95 ${quantile(values, 0.95).toFixed(1)} s`;
  for (const name of ['idle before', 'flood', 'idle after']) {
    const w = windows.get(name);
    if (!w) continue;
    const made = inOrder.filter((g) => {
      const at = Date.parse(g.createdAt);
      return at >= w.from && at < w.to;
    });
    const results = made.filter((g) => g.state === 'published' || g.state === 'in_review');
    const done = results.map((g) => (Date.parse(g.updatedAt) - Date.parse(g.createdAt)) / 1000);
    const failed = made.filter((g) => g.state === 'failed').length;
    const open = made.filter((g) => !settled(g)).length;
    lines.push(
      `  ${name.padEnd(12)} ${seconds(done)} (${done.length} made; ${failed} failed, ${open} not settled)`,
    );
    const split = results.flatMap((g) => {
      const job = jobOf.get(g);
      return job?.completedAt ? [{ g, job, completedAt: job.completedAt }] : [];
    });
    if (split.length === 0) continue;
    const part = (pick: (s: (typeof split)[number]) => number) => seconds(split.map(pick));
    lines.push(
      `  ${''.padEnd(12)} in the app's line before the send ${part((s) => (s.job.createdAt - Date.parse(s.g.createdAt)) / 1000)}; ` +
        `at ProductAI ${part((s) => (s.completedAt - s.job.createdAt) / 1000)}; ` +
        `saving ${part((s) => (Date.parse(s.g.updatedAt) - s.completedAt) / 1000)}`,
    );
  }
  return lines;
}
