/**
 * Where the machine's time goes while the fault bench runs, to say why a click is slower than
 * idle: the CPU each process takes (the app's web and worker processes, Redis, this process with
 * both emulators, the load generators), read from /proc every second, and the event-loop delay
 * of the web process (its Prometheus metrics: p99 over each 5 s, prom-client resets it at each
 * scrape) and of this process. Each figure is kept per window (`open` / `close`): idle, the
 * run, the flood; windows may overlap.
 */
import { readFile, readdir } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/** The clock ticks /proc counts CPU time in (`getconf CLK_TCK`: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** The fields of /proc/<pid>/stat after the command's name, or null once it is gone. */
async function statFields(pid: number): Promise<string[] | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** A process's CPU time so far (s), or null once it is gone. */
async function cpuSeconds(pid: number): Promise<number | null> {
  const fields = await statFields(pid);
  // utime and stime: fields 14 and 15 of the line, 12 and 13 after the command's name.
  return fields && (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/**
 * This process's children whose command line contains `needle`, read from /proc without
 * blocking: a synchronous `ps` a second held this loop (which runs the Shopify emulator the
 * clicks call) for up to seconds on the loaded machine, and the clicks with it.
 */
export async function childrenMatching(needles: readonly string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const fields = await statFields(pid);
    // ppid: field 4 of the line, 2 after the command's name.
    if (!fields || Number(fields[1]) !== process.pid) continue;
    const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    const needle = needles.find((n) => command.includes(n));
    if (needle !== undefined) found.set(needle, pid);
  }
  return found;
}

export interface WindowFigures {
  /** When the window opened and closed (epoch ms). */
  from: number;
  to: number;
  seconds: number;
  /** Share of one core each process took, by role. */
  cores: Record<string, number>;
  /** The web process's event-loop delay: p99 over each 5 s, median and worst (ms). */
  webLoopP99: { median: number; max: number } | null;
  /** This process's event-loop delay p99 (ms). */
  benchLoopP99: number;
  /** The machine's load average over the last minute when the window closed. */
  load: number;
}

export interface Probes {
  open(window: string): void;
  close(window: string): Promise<void>;
  figures(): Map<string, WindowFigures>;
  stop(): void;
}

interface Window {
  from: number;
  to: number | null;
  cpu: Map<string, number>;
  loop: IntervalHistogram;
  benchLoopP99: number;
  load: number;
}

/**
 * `pids()` names the processes to watch by role, read again every second (a worker killed and
 * started again has a new pid; `childrenMatching` finds them); `webMetrics` is the web
 * process's metrics URL and token.
 */
export function startProbes(options: {
  pids: () => Promise<Record<string, number | undefined>>;
  webMetrics: { url: string; token: string } | null;
}): Probes {
  const windows = new Map<string, Window>();
  const last = new Map<string, { pid: number; seconds: number }>();
  let lastBench = process.cpuUsage();

  const sample = async () => {
    const used = new Map<string, number>();
    for (const [role, pid] of Object.entries(await options.pids())) {
      if (pid === undefined) continue;
      const seconds = await cpuSeconds(pid);
      if (seconds === null) continue;
      const before = last.get(role);
      // A new pid (a worker started again) counts from its start.
      used.set(role, before?.pid === pid ? seconds - before.seconds : seconds);
      last.set(role, { pid, seconds });
    }
    const bench = process.cpuUsage(lastBench);
    lastBench = process.cpuUsage();
    used.set('bench (emulators)', (bench.user + bench.system) / 1e6);
    for (const window of windows.values()) {
      if (window.to !== null) continue;
      for (const [role, seconds] of used)
        window.cpu.set(role, (window.cpu.get(role) ?? 0) + seconds);
    }
  };
  let sampled = sample();
  const sampling = setInterval(() => {
    sampled = sampled.then(sample).catch(() => {});
  }, 1_000);

  const webLoop: { at: number; p99: number }[] = [];
  const scrape = async () => {
    if (!options.webMetrics) return;
    const response = await fetch(options.webMetrics.url, {
      headers: { Authorization: `Bearer ${options.webMetrics.token}` },
    }).catch(() => null);
    if (!response?.ok) return;
    const match = /^nodejs_eventloop_lag_p99_seconds (\S+)$/m.exec(await response.text());
    if (match) webLoop.push({ at: Date.now(), p99: Number(match[1]) * 1000 });
  };
  void scrape();
  const scraping = setInterval(() => void scrape(), 5_000);

  return {
    open(name) {
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      windows.set(name, {
        from: Date.now(),
        to: null,
        cpu: new Map(),
        loop,
        benchLoopP99: 0,
        load: 0,
      });
    },
    async close(name) {
      const window = windows.get(name);
      if (!window || window.to !== null) return;
      await (sampled = sampled.then(sample).catch(() => {}));
      window.to = Date.now();
      window.loop.disable();
      window.benchLoopP99 = window.loop.percentile(99) / 1e6;
      window.load = loadavg()[0]!;
    },
    figures() {
      const figures = new Map<string, WindowFigures>();
      for (const [name, window] of windows) {
        const to = window.to ?? Date.now();
        const seconds = (to - window.from) / 1000;
        const loops = webLoop
          .filter((s) => s.at > window.from + 5_000 && s.at <= to)
          .map((s) => s.p99)
          .sort((a, b) => a - b);
        figures.set(name, {
          from: window.from,
          to,
          seconds,
          cores: Object.fromEntries([...window.cpu].map(([role, cpu]) => [role, cpu / seconds])),
          webLoopP99:
            loops.length === 0
              ? null
              : { median: loops[Math.floor(loops.length / 2)]!, max: loops.at(-1)! },
          benchLoopP99: window.benchLoopP99,
          load: window.load,
        });
      }
      return figures;
    },
    stop() {
      clearInterval(sampling);
      clearInterval(scraping);
    },
  };
}
