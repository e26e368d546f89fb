/**
 * Paid work starts only for a shop whose ProductAI key can be used: without one, nothing would be
 * sent, and the merchant is told where to fix it before anything is created.
 */
import { AppError } from '../platform/errors.ts';
import type { ShopSettings } from '../stores/shop-settings.ts';

export function requireUsableKey(settings: Pick<ShopSettings, 'apiKey'>): void {
  if (settings.apiKey.state === 'missing') {
    throw new AppError('invalid', 'api_key_missing');
  }
  if (settings.apiKey.state === 'invalid') {
    throw new AppError('invalid', 'api_key_invalid');
  }
}
