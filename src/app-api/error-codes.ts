/**
 * The codes of the server's texts for the clients (the list and its English:
 * src/platform/error-codes.ts), and the words other texts hold as coded params.
 */
import { englishText, type CodedText } from '../platform/error-codes.ts';
import type { GenerationState } from './generation-states.ts';

export * from '../platform/error-codes.ts';

/** A kind of work as a word of a text ("a photo with this rule"). */
export function kindText(kind: 'photo' | 'video' | 'upscale' | 'model'): CodedText {
  return { code: `kind_${kind}` };
}

/**
 * An estimate's problems: in English (`problems`, as clients read them first) and coded
 * (`problemTexts`, what they translate), in the same order.
 */
export function estimateProblems(texts: readonly CodedText[]): {
  problems: string[];
  problemTexts: CodedText[];
} {
  const problemTexts = texts.map(onlyText);
  return { problems: problemTexts.map(englishText), problemTexts };
}

/** Just the code and params of a text that carries more (a field problem's field, an error). */
export function onlyText({ code, params }: CodedText): CodedText {
  return params ? { code, params } : { code };
}

/** A generation's state as a word of a text ("in review"). */
export function stateText(state: GenerationState): CodedText {
  return { code: `state_${state}` };
}
