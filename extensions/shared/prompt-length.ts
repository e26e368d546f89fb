import { PROMPT_MAX_LENGTH } from '../../src/app-api/prompt-limits.ts';
import { t } from './i18n.ts';

/** The prompt's length, and the error to show once it is over the limit. */
export function promptLength(prompt: string): { count: number; error: string | undefined } {
  const count = prompt.length;
  return {
    count,
    error:
      count > PROMPT_MAX_LENGTH
        ? t('fields.promptTooLong', { count, max: PROMPT_MAX_LENGTH })
        : undefined,
  };
}
