/**
 * The app home's weight and speed, as Built for Shopify looks at them:
 *  - JavaScript and CSS the first page load needs (the built entry, its preloaded chunks and
 *    stylesheet), gzip-compressed, plus the lazily loaded page chunks;
 *  - Largest Contentful Paint and Cumulative Layout Shift of each page, measured inside the
 *    app's iframe (where App Bridge measures them in the admin) in headless Chromium, against
 *    the demo stack (real server, emulators, admin frame), each load in a fresh browser context.
 *  - in use: a merchant's working session (test/browser/support/merchant-session.ts: pick a
 *    product, generate, a bulk run, the large viewer stepped through ten results), per page its
 *    CLS, its INP (the slowest interaction: fewer than 50 each, with its input delay, handlers
 *    and time to the next paint) and its longest task on the main thread, with the machine's
 *    load beside them.
 * Built for Shopify asks for LCP ≤ 2.5 s, CLS ≤ 0.1 and INP ≤ 200 ms at the 75th percentile in
 * the field; this app aims at CLS ≤ 0.05 and every interaction ≤ 150 ms on this machine.
 *
 *   node bench/frontend-size-and-vitals.ts [loads per page, default 5] [sessions, default 1]
 *
 * With MERCHANT_SESSION_TRACE=<file> the session also writes its Chromium trace (the main
 * thread's tasks with JavaScript samples, each interaction's timing), for DevTools' Performance
 * panel: what a slow interaction or a long task spent its time on.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { openAdminPage } from '../test/browser/support/browser.ts';
import type { SessionPage } from '../test/browser/support/merchant-session.ts';
import type { Interaction } from '../test/browser/support/vitals.ts';
import { startTestStack } from '../test/browser/support/stack.ts';
import { launchChromium } from '../test/support/chromium.ts';
import { ensureFrontendBuilt } from '../web/frontend/build.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = fileURLToPath(new URL('../web/frontend/dist/', import.meta.url));
const VITEST = join(ROOT, 'node_modules/.bin/vitest');
const PAGES = ['/', '/generate', '/activity', '/bulk-runs', '/settings'];
const LOADS = Number(process.argv[2] ?? 5);
const SESSIONS = Number(process.argv[3] ?? 1);
/** LCP stops changing once the page is idle; read it after this long. */
const SETTLE_MS = 1500;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const gzipped = (file: string) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;

function sizes() {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1]!);
  const initialJs = initial.filter((file) => file.endsWith('.js'));
  const initialCss = initial.filter((file) => file.endsWith('.css'));
  const all = readdirSync(join(DIST, 'assets')).map((file) => `assets/${file}`);
  const lazyJs = all.filter((file) => file.endsWith('.js') && !initialJs.includes(file));
  const lazyCss = all.filter((file) => file.endsWith('.css') && !initialCss.includes(file));
  const sum = (files: string[]) => files.reduce((total, file) => total + gzipped(file), 0);
  return {
    initialJs: sum(initialJs),
    initialCss: sum(initialCss),
    lazyJs: sum(lazyJs),
    lazyCss: sum(lazyCss),
  };
}

/** Records LCP and CLS in every frame, the app's iframe included (runs before its scripts). */
const VITALS_RECORDER = `
  window.__vitals = { lcp: 0, cls: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__vitals.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__vitals.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
`;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Where an interaction's time went: a delay or a paint long after short handlers is the
 * machine's (other tasks, the compositor's raster), long handlers are the app's.
 */
const parts = (interaction: Interaction) =>
  `delay ${Math.round(interaction.delay)}, handlers ${Math.round(interaction.handlers)}, ` +
  `to paint ${Math.round(interaction.toPaint)} ms`;

/**
 * The merchant's sessions, one line a page each: each is the browser test
 * test/browser/merchant-session.test.ts (its helpers wait with vitest's expect.poll, so they run
 * under vitest), which writes what it measured to the file named by MERCHANT_SESSION_FIGURES.
 */
function inUse(): void {
  console.log(
    `\nIn use: ${SESSIONS} merchant session(s) (CLS, INP = slowest interaction, longest task)`,
  );
  const figures = join(mkdtempSync(join(tmpdir(), 'session-')), 'figures.json');
  for (let session = 1; session <= SESSIONS; session += 1) {
    const before = loadavg()[0]!;
    spawnSync(VITEST, ['run', 'test/browser/merchant-session.test.ts'], {
      cwd: ROOT,
      env: { ...process.env, MERCHANT_SESSION_FIGURES: figures },
      stdio: 'ignore',
    });
    const load = `load ${before.toFixed(1)}-${loadavg()[0]!.toFixed(1)}`;
    const pages = JSON.parse(readFileSync(figures, 'utf8')) as SessionPage[];
    for (const { path, vitals } of pages) {
      const slowest = vitals.interactions[0];
      const longest = vitals.longTasks[0];
      console.log(
        `  ${session}  ${path.padEnd(11)} CLS ${vitals.cls.toFixed(3)}` +
          `   INP ${slowest ? `${slowest.duration} ms (${slowest.name} on ${slowest.target}; ${parts(slowest)})` : '-'}` +
          ` (${vitals.interactions.length} over 16 ms)` +
          `   longest task ${longest ? `${longest} ms (${vitals.longTasks.length} over 50 ms)` : '≤ 50 ms'}` +
          `   ${load}`,
      );
    }
    rmSync(figures, { force: true });
  }
}

async function main(): Promise<void> {
  await ensureFrontendBuilt();
  const size = sizes();
  console.log('App home bundle (gzip -9)');
  console.log(`  first load: JavaScript ${kb(size.initialJs)}, CSS ${kb(size.initialCss)}`);
  console.log(
    `  loaded per page later: JavaScript ${kb(size.lazyJs)}, CSS ${kb(size.lazyCss)} in all\n`,
  );

  const [stack, browser] = await Promise.all([startTestStack('bench-frontend'), launchChromium()]);
  try {
    console.log(`Web vitals inside the app's iframe, ${LOADS} cold loads per page (p75 / worst)`);
    for (const path of PAGES) {
      const lcps: number[] = [];
      const clss: number[] = [];
      for (let load = 0; load < LOADS; load += 1) {
        const admin = await openAdminPage(browser, stack.frameUrl);
        await admin.page.context().addInitScript(VITALS_RECORDER);
        await admin.open(path);
        const frame = await (await admin.page.waitForSelector('#app-frame')).contentFrame();
        await frame!.waitForSelector('h1');
        await frame!.waitForLoadState('load');
        await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
        const vitals = await frame!.evaluate(
          () => (window as unknown as { __vitals: { lcp: number; cls: number } }).__vitals,
        );
        lcps.push(vitals.lcp);
        clss.push(vitals.cls);
        await admin.close();
      }
      console.log(
        `  ${path.padEnd(11)} LCP ${percentile(lcps, 75).toFixed(0)} ms / ${Math.max(...lcps).toFixed(0)} ms` +
          `   CLS ${percentile(clss, 75).toFixed(3)} / ${Math.max(...clss).toFixed(3)}`,
      );
    }
  } finally {
    await browser.close();
    await stack.stop();
  }
}

await main();
inUse();
