/**
 * The fidelity check of a result (src/fidelity: is the product in it still the product?), run by
 * attach once the result is prepared, before verify decides review or publishing
 * (fidelity-holds.ts reads what it writes). The report is kept on the generation (figures and
 * words, never an image) and noted in its history, in one atomic patch.
 *
 * Crash-exact: the report is written before the result can move on, and a repeat (attach run
 * again after a crash) finds it and checks nothing: the decision is the one made the first time,
 * and nothing else of attach (the named file, RAISE_ERROR) is charged or made twice.
 *
 * Why in attach's handler and not a stage of its own: the check runs on the pool's worker
 * threads, so the event loop stays free (BullMQ keeps renewing every job's lock, other shops'
 * jobs of every stage go on); the attach job only awaits it, about 0.5 s (the goal, measured by
 * bench/fidelity/) beside the seconds of download and upload it already waits for, holding one
 * of its process's attach slots (4) meanwhile. A stage of its own would add a queue round trip
 * and a state of the machine to every result without letting more checks run at once: the
 * pool's threads bound that either way.
 *
 * Fail open to a person: a check that throws or does not answer within `fidelity.timeoutMs`, or a
 * result or product image that cannot be read, is `check_it`, never `faithful`. A video is
 * `not_checked` (the check reads still images), and says so; so is every result of a worker
 * whose check is off (FIDELITY_THREADS=0: the suite's processes, where only the tests about
 * the check run it, since its verdicts on the emulator's drawings are not yet sure enough to
 * keep other tests' results from review: src/fidelity/README.md has its measured figures).
 */
import { readFile } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import type { FidelityReport } from '../../fidelity/fidelity-report.ts';
import { englishText, type CodedText } from '../../app-api/error-codes.ts';
import type { PipelineContext } from '../context.ts';
import type { FidelityRecord, Generation } from '../generations/generation.ts';
import { ResultDownloadError, downloadResult } from './result-download.ts';

/** What checking a result's fidelity reads and records. */
type FidelityStepContext = Pick<
  PipelineContext,
  'generations' | 'fidelity' | 'resultDownloads' | 'config' | 'logger'
>;

/** The version of a record the pipeline wrote without the checker's answer. */
const NOT_RUN = 'not-run';

const VIDEO_NOT_CHECKED: FidelityRecord = {
  verdict: 'not_checked',
  findings: ['not checked: videos are not checked against the product'],
  findingTexts: [{ code: 'finding_video' }],
  checks: {},
  region: null,
  version: NOT_RUN,
};

const CHECK_OFF: FidelityRecord = {
  verdict: 'not_checked',
  findings: ['not checked: the fidelity check is off on this worker'],
  findingTexts: [{ code: 'finding_not_checked', params: { why: { code: 'unchecked_off' } } }],
  checks: {},
  region: null,
  version: NOT_RUN,
};

function checkIt(why: CodedText): FidelityRecord {
  return {
    verdict: 'check_it',
    findings: [`not checked: ${englishText(why)}`],
    findingTexts: [{ code: 'finding_not_checked', params: { why } }],
    checks: { located: false },
    region: null,
    version: NOT_RUN,
  };
}

function asRecord(report: FidelityReport): FidelityRecord {
  return {
    verdict: report.verdict,
    findings: report.findings,
    findingTexts: report.findingTexts,
    checks: report.checks,
    region: report.region ?? null,
    version: report.version,
  };
}

const VERDICT_WORDS: Record<FidelityRecord['verdict'], string> = {
  faithful: 'faithful',
  check_it: 'check it',
  changed: 'changed',
  not_checked: 'not checked',
};

/** The history's line: "Fidelity check: changed (colour differs: ΔE 14 on the body)". */
export function fidelityNote(record: FidelityRecord): string {
  const words = `Fidelity check: ${VERDICT_WORDS[record.verdict]}`;
  return record.findings.length > 0 ? `${words} (${record.findings.join('; ')})` : words;
}

/** Checks the result of a `saving` generation once; answers the generation with its report. */
export async function checkFidelity(
  ctx: FidelityStepContext,
  generation: Generation,
): Promise<Generation> {
  if (generation.fidelity) return generation;
  const record = generation.kind === 'video' ? VIDEO_NOT_CHECKED : await runCheck(ctx, generation);
  return ctx.generations.patch(
    generation.shop,
    generation.id,
    { fidelity: record },
    { note: fidelityNote(record) },
  );
}

async function runCheck(ctx: FidelityStepContext, generation: Generation): Promise<FidelityRecord> {
  if (!ctx.fidelity) return CHECK_OFF;
  const result = await readImage(ctx, generation.resultUrl!, true);
  if (!result) return checkIt({ code: 'unchecked_result_unread' });
  const sources: Buffer[] = [];
  for (const url of generation.sourceImageUrls) {
    const source = await readImage(ctx, url, false);
    if (source) sources.push(source);
  }
  if (sources.length === 0) return checkIt({ code: 'unchecked_source_unread' });
  const { timeoutMs } = ctx.config.fidelity;
  const deadline = new AbortController();
  try {
    const check = ctx.fidelity.check({
      sources,
      result,
      kind: generation.kind === 'upscale' ? 'upscale' : 'image',
    });
    // A check that fails after its time is up has nobody left to tell.
    check.catch(() => undefined);
    // Aborted once the race is over (finally): its rejection is expected and dropped.
    const late = delay(timeoutMs, null, { signal: deadline.signal }).catch(() => null);
    const report = await Promise.race([check, late]);
    if (!report)
      return checkIt({ code: 'unchecked_slow', params: { seconds: Math.round(timeoutMs / 1000) } });
    return asRecord(report);
  } catch (error) {
    ctx.logger.warn(
      { err: error, shop: generation.shop, generationId: generation.id },
      'fidelity check failed; the result needs a person',
    );
    return checkIt({ code: 'unchecked_failed' });
  } finally {
    deadline.abort();
  }
}

/**
 * An image's bytes, with the result downloads' guards (where, how much, what); null when it
 * cannot be had. A passing network failure on the result throws instead (attach is retried and
 * the check with it), so a blip does not decide the verdict.
 */
export async function readImage(
  ctx: Pick<PipelineContext, 'resultDownloads' | 'logger'>,
  url: string,
  isResult: boolean,
): Promise<Buffer | null> {
  let download;
  try {
    download = await downloadResult(url, 'photo', { policy: ctx.resultDownloads });
  } catch (error) {
    if (isResult && error instanceof ResultDownloadError && !error.permanent) throw error;
    ctx.logger.warn({ err: error, url }, 'fidelity check: image not read');
    return null;
  }
  try {
    return await readFile(download.path);
  } finally {
    await download.dispose();
  }
}
