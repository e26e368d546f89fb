import type { Draft } from '../../components/generation-options/draft.ts';
import { acceptedOptions } from '../../shared/models.ts';
import type { SettingsView } from '../../shared/contract.ts';
import { PROMPT_MAX_LENGTH } from '../../shared/prompt-limits.ts';

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
  if (settings.apiKey.state !== 'valid') reasons.push('Add a valid ProductAI API key in Settings.');
  if (!productId) reasons.push('Select a product.');
  else if (imageCount < accepted.images.min) {
    reasons.push(
      accepted.images.min === 1
        ? 'Choose an image of the product.'
        : `Choose at least ${accepted.images.min} images.`,
    );
  }
  if (accepted.usesPrompt && !draft.params.prompt?.trim()) {
    reasons.push('Write a prompt or choose a preset.');
  }
  if (accepted.usesPrompt && (draft.params.prompt?.length ?? 0) > PROMPT_MAX_LENGTH) {
    reasons.push(`Shorten the prompt to ${PROMPT_MAX_LENGTH} characters.`);
  }
  return reasons;
}
