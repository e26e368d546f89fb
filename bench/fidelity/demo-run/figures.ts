/**
 * The demo run's figures from its outcomes: how many faithful results the check held (what a
 * merchant then has to look at for nothing), how many changed ones it caught or let through,
 * which findings it gave and for what, and how long a result spent in the step that checks it.
 */
import type { GenerationView } from '../../../src/app-api/contract.ts';
import { quantile } from '../../pipeline-support.ts';
import type { Outcome } from './outcomes.ts';

/** A held faithful result or a missed change: what --out writes and the list prints. */
export const isHeldFaithful = (o: Outcome) =>
  o.change === null && o.fidelity.verdict !== 'faithful';
export const isMissedChange = (o: Outcome) =>
  o.change !== null && o.fidelity.verdict === 'faithful';

/**
 * A finding as a kind of reason: the word read, the figures and (for colour) the part named
 * vary from result to result, so they are left out to count alike findings together.
 */
export function reasonOf(finding: string): string {
  return finding
    .replace(/^(colour differs: ΔE) [\d.]+ on .*$/, '$1 N on …')
    .replace(/'[^']*'/g, "'…'")
    .replace(/\d+(\.\d+)?/g, 'N');
}

function countBy<T>(items: readonly T[], key: (item: T) => string[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const item of items) for (const k of key(item)) counts.set(k, (counts.get(k) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]);
}

const share = (n: number, of: number) => (of === 0 ? '-' : `${((n / of) * 100).toFixed(1)} %`);

/** What the request was: "photo nanobanana2 LANDSCAPE 2K png, 2 images" / "upscale". */
export function requestWords(g: GenerationView): string {
  if (g.kind !== 'photo') return g.kind;
  const p = g.params;
  const images = g.sourceImageUrls.length;
  return [p.model, p.aspectRatio, p.resolution, p.outputFormat]
    .filter((word) => word !== undefined)
    .join(' ')
    .concat(`, ${images} image${images === 1 ? '' : 's'}`);
}

/**
 * From entering `saving` to the next state (in review or published): the result's download,
 * the check, the file's creation and Shopify's processing. The pipeline keeps no time of the
 * check alone, so this bounds it from above.
 */
function savingMs(g: GenerationView): number | null {
  const at = g.transitions.findIndex((t) => t.state === 'saving');
  const next = at < 0 ? undefined : g.transitions[at + 1];
  if (!next) return null;
  return Date.parse(next.at) - Date.parse(g.transitions[at]!.at);
}

/** The check gave no verdict of its own (timed out, or could not read an image): `check it`. */
const notChecked = (o: Outcome) =>
  o.fidelity.findings.length > 0 && o.fidelity.findings.every((f) => f.startsWith('not checked'));

export function figureLines(outcomes: readonly Outcome[], failed: number): string[] {
  const faithful = outcomes.filter((o) => o.change === null);
  const changed = outcomes.filter((o) => o.change !== null);
  const verdicts = (list: readonly Outcome[], verdict: string) =>
    list.filter((o) => o.fidelity.verdict === verdict).length;
  const held = faithful.filter(isHeldFaithful);
  const lines: string[] = [
    `results run: ${outcomes.length} checked (${failed} ended without a result)`,
    `  rendered faithfully: ${faithful.length}; changed by the emulator: ${changed.length} (${share(changed.length, outcomes.length)})`,
    `faithful results held: ${held.length} of ${faithful.length} (${share(held.length, faithful.length)}): ` +
      `changed ${verdicts(faithful, 'changed')}, check it ${verdicts(faithful, 'check_it')}`,
    `changed results caught: ${changed.length - verdicts(changed, 'faithful')} of ${changed.length} ` +
      `(changed ${verdicts(changed, 'changed')}, check it ${verdicts(changed, 'check_it')}); ` +
      `missed (faithful): ${verdicts(changed, 'faithful')}`,
  ];
  const unchecked = outcomes.filter(notChecked);
  lines.push(
    `  of these, not checked (timed out or unreadable, so 'check it'): ${unchecked.length} ` +
      `(${unchecked.filter((o) => o.change === null).length} faithful, ` +
      `${unchecked.filter((o) => o.change !== null).length} changed)`,
  );
  lines.push('changes by kind (caught as changed / check it / missed):');
  for (const [kind] of countBy(changed, (o) => [o.change!.kind])) {
    const ofKind = changed.filter((o) => o.change!.kind === kind);
    lines.push(
      `  ${kind}: ${verdicts(ofKind, 'changed')} / ${verdicts(ofKind, 'check_it')} / ${verdicts(ofKind, 'faithful')}`,
    );
  }
  lines.push('faithful results held, by request (held / run):');
  for (const [label, run] of countBy(faithful, (o) => byRequest(o.generation))) {
    const heldHere = held.filter((o) => byRequest(o.generation).includes(label)).length;
    if (heldHere > 0) lines.push(`  ${label}: ${heldHere} / ${run}`);
  }
  lines.push('reasons on held faithful results (findings, counted):');
  for (const [reason, n] of countBy(held, (o) => unique(o.fidelity.findings.map(reasonOf)))) {
    lines.push(`  ${n}× ${reason}`);
  }
  lines.push('reasons on caught changes (findings, counted):');
  const caught = changed.filter((o) => o.fidelity.verdict !== 'faithful');
  for (const [reason, n] of countBy(caught, (o) => unique(o.fidelity.findings.map(reasonOf)))) {
    lines.push(`  ${n}× ${reason}`);
  }
  const times = outcomes.map((o) => savingMs(o.generation)).filter((ms) => ms !== null);
  lines.push(
    times.length === 0
      ? 'check time: not recorded'
      : `check time: not recorded by the pipeline; saving → next state (download, check, file, ` +
          `Shopify processing) p50 ${quantile(times, 0.5)} ms, p95 ${quantile(times, 0.95)} ms ` +
          `over ${times.length} results`,
  );
  return lines;
}

/** The request features a held share is broken down by: kind and model, ratio, images sent. */
function byRequest(g: GenerationView): string[] {
  if (g.kind !== 'photo') return [`kind ${g.kind}`];
  const images = g.sourceImageUrls.length;
  return [
    `model ${g.params.model ?? '?'}`,
    `ratio ${g.params.aspectRatio ?? 'default'}`,
    `${images} image${images === 1 ? '' : 's'} sent`,
  ];
}

const unique = (items: string[]) => [...new Set(items)];

/** One line per held faithful result or missed change, for reading the run's list. */
export function caseLines(title: string, cases: readonly Outcome[]): string[] {
  return [
    `${title}: ${cases.length}`,
    ...cases.map((o, i) => {
      const change = o.change ? ` [emulator: ${o.change.kind} ${o.change.strength}]` : '';
      const findings = o.fidelity.findings.join('; ') || '(no findings)';
      return `  ${String(i + 1).padStart(3)}. ${o.generation.product.title}, ${requestWords(o.generation)}${change}: ${o.fidelity.verdict}: ${findings}`;
    }),
  ];
}
