/**
 * `creditsByDay`: the day hashes (model -> credits) the counters keep, every day asked for in
 * one round trip; a day with nothing charged (or all refunded) is left out.
 */
import { generationKeys } from '../keys.ts';
import type { GenerationStore, GenerationStoreDeps } from './types.ts';

export function creditsByDay({
  redis,
}: Pick<GenerationStoreDeps, 'redis'>): GenerationStore['creditsByDay'] {
  return async (shop, days) => {
    const prefix = generationKeys.creditsDayPrefix(shop);
    const pipeline = redis.pipeline();
    for (const day of days) pipeline.hgetall(prefix + day);
    const replies = (await pipeline.exec()) ?? [];
    const byDay = new Map<string, Map<string, number>>();
    days.forEach((day, i) => {
      const [error, stored] = replies[i] ?? [];
      if (error) throw error;
      const models = Object.entries((stored ?? {}) as Record<string, string>)
        .map(([model, credits]) => [model, Number(credits)] as const)
        .filter(([, credits]) => credits !== 0);
      if (models.length > 0) byDay.set(day, new Map(models));
    });
    return byDay;
  };
}
