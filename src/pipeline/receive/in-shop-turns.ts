/**
 * Generations ordered so that shops take turns: each shop's first, then each shop's second, and
 * so on (each shop's in the order given, shops in the order of their first). What comes back
 * from a ProductAI outage is promoted in this order (context.ts `productAiBack`), so one shop's
 * hundreds of waiting reads do not all go ahead of another shop's few.
 */
import type { GenerationRef } from '../stages/stage.ts';

export function inShopTurns<T extends GenerationRef>(refs: readonly T[]): T[] {
  const byShop = new Map<string, T[]>();
  for (const ref of refs) {
    const line = byShop.get(ref.shop);
    if (line) line.push(ref);
    else byShop.set(ref.shop, [ref]);
  }
  const lines = [...byShop.values()];
  const turns: T[] = [];
  for (let round = 0; turns.length < refs.length; round += 1) {
    for (const line of lines) if (round < line.length) turns.push(line[round]!);
  }
  return turns;
}
