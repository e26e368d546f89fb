import type { Draft } from '../../components/generation-options/draft.ts';
import { acceptedOptions } from '../../shared/models.ts';
import type { SettingsView } from '../../shared/contract.ts';
import { PROMPT_MAX_LENGTH } from '../../shared/prompt-limits.ts';
import { t } from '../../i18n/index.ts';

interface Input {
  settings: SettingsView;
  productId: string | null;
  imageCount: number;
  draft: Draft;
}

/** What still stands between the form and a request ProductAI would accept, in plain words. */
export function blockers({ settings, productId, imageCount, draft }: Input): string[] {
  const reasons: string[] = [];
  const accepted = acceptedOptions(draft.kind, draft.params.model);
  if (settings.apiKey.state !== 'valid') reasons.push(t('generate.blockers.key'));
  if (!productId) reasons.push(t('generate.blockers.product'));
  else if (imageCount < accepted.images.min) {
    reasons.push(t('generate.blockers.images', { count: accepted.images.min }));
  }
  if (accepted.usesPrompt && !draft.params.prompt?.trim()) {
    reasons.push(t('generate.blockers.prompt'));
  }
  if (accepted.usesPrompt && (draft.params.prompt?.length ?? 0) > PROMPT_MAX_LENGTH) {
    reasons.push(t('generate.blockers.promptLength', { max: PROMPT_MAX_LENGTH }));
  }
  return reasons;
}
