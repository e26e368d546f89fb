import { generationCost, type GenerationCost } from '../shared/generation-cost.ts';

const numberFormat = new Intl.NumberFormat('en');
const dateTimeFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
const dayFormat = new Intl.DateTimeFormat('en', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const relativeFormat = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

export function formatCredits(credits: number): string {
  return `${numberFormat.format(credits)} ${credits === 1 ? 'credit' : 'credits'}`;
}

const COST_PREFIX: Readonly<Record<GenerationCost['certainty'], string>> = {
  charged: '',
  about: 'about ',
  'up-to': 'up to ',
};

/** "3 credits", "0 credits", "about 3 credits" (still to be charged), "up to 3 credits". */
export function formatGenerationCost(generation: Parameters<typeof generationCost>[0]): string {
  const cost = generationCost(generation);
  return `${COST_PREFIX[cost.certainty]}${formatCredits(cost.credits)}`;
}

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

/** "Mar 4" for a `YYYY-MM-DD` day key. */
export function formatDay(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** "2 minutes ago", "yesterday"; exact time beyond a week. */
export function formatRelative(iso: string, now: number = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return 'just now';
  if (abs < 3600) return relativeFormat.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return relativeFormat.format(Math.round(seconds / 3600), 'hour');
  if (abs < 7 * 86_400) return relativeFormat.format(Math.round(seconds / 86_400), 'day');
  return formatDateTime(iso);
}

/** `gid://shopify/Product/123` -> `123`. */
export function numericId(gid: string): string {
  return gid.slice(gid.lastIndexOf('/') + 1);
}

/** The product's page in the Shopify admin (App Bridge opens `shopify://admin` links there). */
export function adminProductUrl(productGid: string): string {
  return `shopify://admin/products/${numericId(productGid)}`;
}
