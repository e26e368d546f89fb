/**
 * Pages of the app home the extensions link to. The admin resolves `app:<path>` against the
 * app's URL and opens it inside the admin frame (admin UI extension `s-link`/`s-button` `href`).
 */
export const appLinks = {
  activity: (generationId?: string) =>
    generationId ? `app:activity?generation=${encodeURIComponent(generationId)}` : 'app:activity',
  /** Activity filtered to one product (its title names the filter). */
  productActivity: (productId: string, productTitle: string) =>
    `app:activity?${new URLSearchParams({ productId, productTitle }).toString()}`,
  /** The Generate page following a generation (its options side by side, when it has some). */
  generation: (generationId: string) =>
    `app:generate?generation=${encodeURIComponent(generationId)}`,
  bulkRun: (bulkRunId: string) => `app:bulk-runs?bulkRun=${encodeURIComponent(bulkRunId)}`,
  /** The Experiments page with this experiment's card open. */
  experiment: (experimentId: string) =>
    `app:experiments?experiment=${encodeURIComponent(experimentId)}`,
  settings: 'app:settings',
} as const;
