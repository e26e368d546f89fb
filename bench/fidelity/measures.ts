/**
 * The check's measures on a labelled set, kept, then the verdicts the limits of verdict.ts give
 * on them: the limits are set here in seconds, without measuring the set again.
 *   node bench/fidelity/measures.ts measure <set folder> [measures.json]
 *   node bench/fidelity/measures.ts decide <measures.json> [--list]
 * `measure` runs the check's steps in this process (one thread), a set's pairs in order, and
 * writes each pair's label, change and measures; `decide` prints, per kind of pair, how many
 * were called faithful, check it and changed, with the findings behind the calls (`--list`:
 * every pair that was called wrongly, with its findings).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { analyseImage, measurePair } from '../../src/fidelity/check.ts';
import type { SourceProduct } from '../../src/fidelity/source-product.ts';
import { decide, type Measures } from '../../src/fidelity/verdict.ts';
import type { Pair } from './make-set.ts';

interface Measured {
  pair: Pair;
  measures: Measures;
}

const [mode, path, out] = process.argv.slice(2);
if (mode === 'measure' && path) await measure(path, out ?? join(path, 'measures.json'));
else if (mode === 'decide' && path) await report(path, process.argv.includes('--list'));
else {
  console.error(
    'usage: measures.ts measure <set folder> [out.json] | decide <measures.json> [--list]',
  );
  process.exit(2);
}

async function measure(folder: string, file: string) {
  const pairs = JSON.parse(await readFile(join(folder, 'labels.json'), 'utf8')) as Pair[];
  const sources = new Map<string, SourceProduct | null>();
  const measured: Measured[] = [];
  for (const [i, pair] of pairs.entries()) {
    if (!sources.has(pair.source))
      sources.set(pair.source, await analyseImage(await readFile(join(folder, pair.source))));
    const source = sources.get(pair.source);
    const measures: Measures = source
      ? await measurePair(source, await readFile(join(folder, pair.result)), pair.kind)
      : { readable: false, reason: { code: 'unchecked_product_image_unread' } };
    measured.push({ pair, measures });
    process.stderr.write(`\r${i + 1}/${pairs.length}`);
  }
  await writeFile(file, JSON.stringify(measured));
  console.error(`\nwrote ${file}`);
  process.exit(0);
}

/** A faithful pair's kind, from its id (`p3-nearby_angle-1`), and whether it is an upscale. */
function kindOf(pair: Pair): string {
  const named = /^p\d+-(.+)-\d+$/.exec(pair.id)?.[1];
  return pair.kind === 'upscale' ? 'upscale' : (named ?? pair.kind);
}

async function report(file: string, list: boolean) {
  const measured = JSON.parse(await readFile(file, 'utf8')) as Measured[];
  const rows = new Map<string, { faithful: number; check_it: number; changed: number }>();
  const reasons = new Map<string, number>();
  for (const { pair, measures } of measured) {
    const report = decide(pair.kind, measures);
    const kind = `${pair.label}: ${pair.change?.kind ?? kindOf(pair)}`;
    const row = rows.get(kind) ?? { faithful: 0, check_it: 0, changed: 0 };
    row[report.verdict]++;
    rows.set(kind, row);
    const wrong = (pair.label === 'faithful') !== (report.verdict === 'faithful');
    if (wrong) {
      for (const f of report.findings) {
        const reason = `${pair.label} ${report.verdict}: ${f.replace(/'[^']*'/g, "'…'")}`;
        reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
      }
      if (list) console.log(pair.id, pair.label, report.verdict, report.findings.join('; '));
    }
  }
  console.table(Object.fromEntries([...rows].sort()));
  const count = (label: string, verdict?: string) =>
    measured.filter(
      ({ pair, measures }) =>
        pair.label === label && (!verdict || decide(pair.kind, measures).verdict === verdict),
    ).length;
  const tp = count('changed', 'changed');
  const flagged = count('faithful') - count('faithful', 'faithful');
  console.log(
    `changed: precision ${(tp / (tp + count('faithful', 'changed'))).toFixed(3)}, recall ` +
      `${(tp / count('changed')).toFixed(3)}; faithful held (changed or check it) ` +
      `${flagged} of ${count('faithful')} (${((100 * flagged) / count('faithful')).toFixed(1)} %)`,
  );
  console.table(Object.fromEntries([...reasons].sort((a, b) => b[1] - a[1])));
}
