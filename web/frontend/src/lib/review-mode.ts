import { t } from '../i18n/index.ts';
/**
 * Whether the results of work about to start go live at once or wait for review, said in every
 * confirmation that starts work. Decided as publish/verify-stage.ts decides: the shop's review
 * setting, and always review when a product gets several results to choose from.
 */
export function reviewSentence(reviewMode: boolean, options: number): string {
  if (options > 1) {
    return t('review.options', { count: options });
  }
  return t(reviewMode ? 'review.wait' : 'review.live');
}
