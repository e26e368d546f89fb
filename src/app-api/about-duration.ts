/**
 * How long a forecast reads ("about 4 minutes", "about 2.5 hours"), rounded one way for every
 * screen that says it: the bulk estimate, the confirmation (app home and admin actions) and the
 * run card. Two roundings once made the confirmation say a minute more than the card beside it.
 * Browser-safe, no imports.
 */

/** Minutes up to this many; hours past it. */
const MINUTES_UP_TO = 90;

export type AboutDuration =
  { unit: 'minutes'; count: number } | { unit: 'hours'; /** To a tenth. */ count: number };

export function aboutDuration(ms: number): AboutDuration {
  // At least a minute: the forecast is not to the second.
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < MINUTES_UP_TO) return { unit: 'minutes', count: minutes };
  return { unit: 'hours', count: Math.round(minutes / 6) / 10 };
}
