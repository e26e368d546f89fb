/**
 * A FidelityChecker for tests, given to the app through the composition root
 * (`AppOverrides.fidelity`): it answers the verdicts a test lines up, in order, then `faithful`.
 * A test says what the check finds (every verdict, a check that throws) without making images
 * for it; the pipeline around it (what the report decides, where it is kept, who sees it) is the
 * real one. The real check on results the emulator changed: fidelity-guard-emulated.test.ts.
 * It records what each check was given, so a test can see that real images reached it.
 */
import type {
  FidelityChecker,
  FidelityInput,
  FidelityReport,
  FidelityVerdict,
} from '../../src/fidelity/fidelity-report.ts';

export const CHANGED_REPORT: FidelityReport = {
  verdict: 'changed',
  checks: {
    colour: { deltaE: 14, where: 'the red part' },
    structure: { score: 0.93 },
    located: true,
  },
  findings: ['the red part has another colour'],
  findingTexts: [{ code: 'finding_part_colour', params: { colour: { code: 'colour_red' } } }],
  region: { x: 0.2, y: 0.25, width: 0.5, height: 0.6 },
  version: 'test-1',
};

const REPORTS: Record<FidelityVerdict, FidelityReport> = {
  changed: CHANGED_REPORT,
  check_it: {
    verdict: 'check_it',
    checks: { text: { expected: ['ALPINE'], missing: ['ALPINE'] }, located: true },
    findings: ["the lettering 'ALPINE' is missing or changed"],
    findingTexts: [{ code: 'finding_lettering', params: { text: 'ALPINE' } }],
    region: { x: 0.3, y: 0.3, width: 0.4, height: 0.4 },
    version: 'test-1',
  },
  faithful: {
    verdict: 'faithful',
    checks: {
      colour: { deltaE: 1.2, where: 'the red part' },
      structure: { score: 0.99 },
      located: true,
    },
    findings: [],
    findingTexts: [],
    region: { x: 0.25, y: 0.25, width: 0.5, height: 0.5 },
    version: 'test-1',
  },
};

/** A changed report with more findings than CHANGED_REPORT: further from the product. */
export const MORE_CHANGED_REPORT: FidelityReport = {
  ...CHANGED_REPORT,
  findings: ['colour differs: ΔE 22 on the body', 'shape differs: the handle'],
  findingTexts: [{ code: 'finding_product_colour' }, { code: 'finding_shape' }],
};

type Answer = FidelityVerdict | FidelityReport | Error | 'silent';

export interface ScriptedFidelity {
  /** For `AppOverrides.fidelity`: every process's pool is this one checker. */
  factory(): FidelityChecker;
  /**
   * The next checks answer these, in order (a verdict: its report above; a report: itself; an
   * Error: the check throws; 'silent': it never answers); then `faithful`.
   */
  answer(...next: Answer[]): void;
  /** The product images each `prepare` was given, ahead of the checks (byte sizes). */
  readonly prepared: number[][];
  /** What each check was given (byte sizes, so nothing large is kept). */
  readonly calls: { kind: FidelityInput['kind']; sourceBytes: number[]; resultBytes: number }[];
}

export function scriptedFidelity(): ScriptedFidelity {
  const queue: Answer[] = [];
  const calls: ScriptedFidelity['calls'] = [];
  const prepared: number[][] = [];
  const checker: FidelityChecker = {
    async prepare(sources) {
      prepared.push(sources.map((source) => source.length));
    },
    async check(input) {
      calls.push({
        kind: input.kind,
        sourceBytes: input.sources.map((source) => source.length),
        resultBytes: input.result.length,
      });
      const next = queue.shift() ?? 'faithful';
      if (next instanceof Error) throw next;
      if (next === 'silent') return new Promise<never>(() => {});
      return typeof next === 'string' ? REPORTS[next] : next;
    },
    async close() {},
  };
  return {
    factory: () => checker,
    answer: (...next) => queue.push(...next),
    calls,
    prepared,
  };
}
