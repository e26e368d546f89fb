/**
 * The prompt a generation is sent with: the merchant's prompt, then the shop style it records
 * (generation.ts `style`): the style phrase, and when the style image goes with it, a sentence
 * binding that image, the last one, as a style reference only (the product images are the
 * scene's subject). Pure: the submit stage, the submission's fingerprint and reconciliation
 * (which matches ProductAI's job by the prompt it reports) all read it from the record.
 */
import type { GenerationKind, GenerationParams, StyleUsed } from '../../app-api/contract.ts';

/** Said to the model when the last image is the shop's style reference. */
export const STYLE_REFERENCE_SENTENCE =
  'Use the last reference image only as the style reference: match its background, colours and light, do not show its contents.';

export function sentPrompt(generation: {
  kind: GenerationKind;
  params: GenerationParams;
  style: StyleUsed | null;
}): string {
  const prompt = generation.params.prompt ?? '';
  const style = generation.style;
  if (generation.kind === 'upscale' || !style) return prompt;
  const parts = [prompt.trim()];
  if (style.phrase) parts.push(`Style: ${style.phrase}`);
  if (style.reference?.sent) parts.push(STYLE_REFERENCE_SENTENCE);
  return parts
    .filter((part) => part !== '')
    .map((part) => (/[.!?]$/.test(part) ? part : `${part}.`))
    .join(' ');
}
