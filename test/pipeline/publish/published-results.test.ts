/** The index of published results by options: what makes two results "the same". */
import { describe, expect, it } from 'vitest';
import { optionsFingerprint } from '../../../src/pipeline/publish/published-results.ts';

describe('the options fingerprint', () => {
  const params = { model: 'nanobanana', prompt: 'On a table', aspectRatio: 'SQUARE' };

  it('does not depend on the order of the options or on options left out', () => {
    expect(optionsFingerprint('photo', params)).toBe(
      optionsFingerprint('photo', {
        aspectRatio: 'SQUARE',
        resolution: undefined,
        prompt: 'On a table',
        model: 'nanobanana',
      }),
    );
  });

  it('differs for another prompt, model, option or kind', () => {
    const base = optionsFingerprint('photo', params);
    expect(optionsFingerprint('photo', { ...params, prompt: 'On a chair' })).not.toBe(base);
    expect(optionsFingerprint('photo', { ...params, model: 'nanobanana2' })).not.toBe(base);
    expect(optionsFingerprint('photo', { ...params, aspectRatio: 'PORTRAIT' })).not.toBe(base);
    expect(optionsFingerprint('video', params)).not.toBe(base);
  });
});
