/**
 * The problems a configuration's ConfigError lists for an environment (src/platform/env.ts),
 * for the tests of each room's settings and of their composition.
 */
import { expect } from 'vitest';
import { ConfigError } from '../../src/platform/env.ts';

export function problemsOf(read: () => unknown): string[] {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}
