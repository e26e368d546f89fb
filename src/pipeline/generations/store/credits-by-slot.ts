/**
 * `creditsBySlot`: the credits charged in the UTC days asked for, by quarter hour and model (the
 * day hashes the counters keep, every day in one round trip), for the overview to add into the
 * shop's own days. A slot with nothing charged (or all refunded) is left out.
 */
import { generationKeys } from '../keys.ts';
import type { CreditSlot, GenerationStore, GenerationStoreDeps } from './types.ts';

/**
 * Counters written before the quarter hours (a bare model field) count at the UTC day's noon:
 * the shop's day for every zone within 12 hours of UTC.
 */
const WHOLE_DAY_AT = 'T12:00Z';

export function creditsBySlot({
  redis,
}: Pick<GenerationStoreDeps, 'redis'>): GenerationStore['creditsBySlot'] {
  return async (shop, utcDays) => {
    const prefix = generationKeys.creditsDayPrefix(shop);
    const pipeline = redis.pipeline();
    for (const day of utcDays) pipeline.hgetall(prefix + day);
    const replies = (await pipeline.exec()) ?? [];
    const slots: CreditSlot[] = [];
    utcDays.forEach((day, i) => {
      const [error, stored] = replies[i] ?? [];
      if (error) throw error;
      for (const [name, value] of Object.entries((stored ?? {}) as Record<string, string>)) {
        const credits = Number(value);
        if (credits === 0) continue;
        const [quarter, model] = name.includes('|') ? name.split('|') : [null, name];
        const at = Date.parse(`${day}${quarter ? `T${quarter}Z` : WHOLE_DAY_AT}`);
        slots.push({ at, model: model!, credits });
      }
    });
    return slots;
  };
}
