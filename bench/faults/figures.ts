/**
 * What the fault bench reads back at the end: the shop's generations by final state, the
 * ProductAI emulator's jobs of the shop's account (what was charged), and the Shopify
 * emulator's media of each product (what is on it), joined into the figures it prints.
 */
import type { GenerationView } from '../../src/app-api/contract.ts';
import { isTerminalState } from '../../src/app-api/generation-states.ts';
import { productAiControlAt } from '../../test/support/productai-accounts.ts';

/** Terminal, or waiting for the merchant (review): nothing more happens by itself. */
export function settled(generation: GenerationView): boolean {
  return isTerminalState(generation.state) || generation.state === 'in_review';
}

export interface EmulatorJob {
  id: number;
  status: 'NOT_STARTED' | 'RUNNING' | 'COMPLETED' | 'ERROR';
  credits: number;
  /** When ProductAI created it and ended it (epoch ms; null until it has). */
  createdAt: number;
  completedAt: number | null;
}

/** Every job of the account as the emulator keeps it. */
export async function accountJobs(productAiUrl: string, key: string): Promise<EmulatorJob[]> {
  const { jobs } = (await productAiControlAt(productAiUrl)(
    'GET',
    `/jobs?key=${encodeURIComponent(key)}`,
  )) as { jobs: EmulatorJob[] };
  return jobs;
}

const numericId = (gid: string) => gid.slice(gid.lastIndexOf('/') + 1);

/** The media ids (numeric) on a product, as the Shopify emulator holds it. */
async function mediaOn(shopifyUrl: string, shop: string, productGid: string): Promise<Set<string>> {
  const response = await fetch(
    `${shopifyUrl}/__emulator/shops/${shop}/products/${numericId(productGid)}/media`,
  );
  if (!response.ok) throw new Error(`product media ${productGid}: ${response.status}`);
  const { media } = (await response.json()) as { media: { id: string }[] };
  return new Set(media.map((m) => numericId(m.id)));
}

export interface Figures {
  byState: Map<string, number>;
  generations: number;
  /** Jobs ProductAI charged (not ended in ERROR, which it refunds). */
  charged: number;
  /** Jobs that ended in ERROR (refunded). */
  refunded: number;
  /** Charged jobs of no generation of the run (a second request for one product, recovery...). */
  orphanJobs: number;
  /**
   * Completed (charged) jobs whose result is neither on its product nor waiting in review with
   * its file in Files (a result of several the merchant asked for waits there): paid for, lost.
   */
  paidNotOnProduct: number;
  /** Completed jobs whose result waits in review, its file in Files. */
  inReview: number;
  lostExamples: string[];
}

export async function readFigures(
  generations: readonly GenerationView[],
  jobs: readonly EmulatorJob[],
  shopifyUrl: string,
  shop: string,
): Promise<Figures> {
  const byState = new Map<string, number>();
  for (const g of generations) byState.set(g.state, (byState.get(g.state) ?? 0) + 1);
  const byJob = new Map<number, GenerationView>();
  for (const g of generations) if (g.productAiJobId !== null) byJob.set(g.productAiJobId, g);
  const media = new Map<string, Set<string>>();
  let paidNotOnProduct = 0;
  let inReview = 0;
  let orphanJobs = 0;
  const lostExamples: string[] = [];
  for (const job of jobs) {
    if (job.status === 'ERROR') continue;
    const generation = byJob.get(job.id);
    if (!generation) orphanJobs += 1;
    if (job.status !== 'COMPLETED') continue;
    if (generation?.state === 'in_review' && generation.result?.fileId) {
      inReview += 1;
      continue;
    }
    const mediaId = generation?.result?.mediaId ?? null;
    let onProduct = false;
    if (generation && mediaId) {
      const productId = generation.product.id;
      if (!media.has(productId)) media.set(productId, await mediaOn(shopifyUrl, shop, productId));
      onProduct = media.get(productId)!.has(numericId(mediaId));
    }
    if (!onProduct) {
      paidNotOnProduct += 1;
      if (lostExamples.length < 5)
        lostExamples.push(
          `job ${job.id}: ${generation ? `${generation.state}, ${generation.reason ?? 'no reason'}` : 'no generation'}`,
        );
    }
  }
  return {
    byState,
    generations: generations.length,
    charged: jobs.filter((j) => j.status !== 'ERROR').length,
    refunded: jobs.filter((j) => j.status === 'ERROR').length,
    orphanJobs,
    paidNotOnProduct,
    inReview,
    lostExamples,
  };
}

export function p95(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)]!;
}
