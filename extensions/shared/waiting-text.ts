/**
 * What a generation the app cannot move on waits for, in a sentence (the product action's steps,
 * the product page's block), as the app home says it: the app's own reason (coded), which says
 * until when where the app knows it (ProductAI's rate limit: when the result is read again, on
 * the shop's clock); the plain "waiting for Shopify / ProductAI" from an app that sent no code.
 */
import type { GenerationView } from '../../src/app-api/contract.ts';
import type { ShopClock } from '../../src/app-api/shop-time.ts';
import { codedText } from './coded-text.ts';
import { t } from './i18n.ts';

/** The sentence, or null when the generation waits for nothing outside the app. */
export function waitingText(generation: GenerationView, clock: ShopClock): string | null {
  if (!generation.waitingFor) return null;
  const coded = generation.reasonText && codedText(generation.reasonText, clock);
  return (
    coded ??
    t(
      generation.waitingFor === 'shopify'
        ? 'progress.states.waitingShopify'
        : 'progress.states.waitingProductAi',
    )
  );
}
