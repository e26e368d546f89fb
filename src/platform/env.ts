/**
 * How the configuration is read from the environment, whoever owns each part: each room that has
 * settings (src/platform/config.ts, src/shopify/config.ts, src/productai/config.ts,
 * src/pipeline/config-from-env.ts, src/app/rate-limits-config.ts) describes its variables as an
 * EnvSection, a zod schema with each default beside its field; the composition root
 * (src/app/config.ts) reads them all in one pass with `readEnv`. A bad deployment fails before
 * it listens, with ONE error naming every missing or bad variable of every section (fixing them
 * one restart at a time is how outages get long).
 */
import { z } from 'zod';

/** The process's environment, or a test's stand-in for it. */
export type Env = Readonly<Record<string, string | undefined>>;

/** What every section is built with, besides its own variables. */
export interface EnvContext {
  /** NODE_ENV is `production`, or unset (the safe default: a forgotten NODE_ENV is production). */
  production: boolean;
}

/** One room's variables: its schema, the rules zod cannot say, and what it builds from them. */
export interface EnvSection<Schema extends z.ZodObject, Out> {
  /** Keys are the variables' names; an unset (or blank) variable takes the field's default. */
  schema: Schema;
  /**
   * Rules across variables or on NODE_ENV, from the raw values: checked apart from the schema so
   * that they are reported together with every other problem (zod skips object refinements once
   * a field fails).
   */
  problems?(present: Readonly<Record<string, string>>, context: EnvContext): string[];
  build(values: z.output<Schema>, context: EnvContext): Out;
}

/** Checks a section's types where it is written (the identity otherwise). */
export function envSection<Schema extends z.ZodObject, Out>(
  section: EnvSection<Schema, Out>,
): EnvSection<Schema, Out> {
  return section;
}

/** Thrown by `readEnv`; `problems` has one line per bad variable. */
export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

// Any section's schema, for the map readEnv takes: each keeps its own types through `Built`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySection = EnvSection<z.ZodObject, any>;

type Built<Sections extends Record<string, AnySection>> = {
  [Name in keyof Sections]: Sections[Name] extends EnvSection<z.ZodObject, infer Out> ? Out : never;
};

/** Only the variables with a value: `FOO=` in an env file means unset, so FOO takes its default. */
function presentIn(env: Env): Record<string, string> {
  const present: Record<string, string> = {};
  for (const [name, value] of Object.entries(env))
    if (value !== undefined && value.trim() !== '') present[name] = value;
  return present;
}

/**
 * Reads every section from one environment, in their order; throws one ConfigError listing
 * every problem of every section (each once), or returns each section's build by its name.
 */
export function readEnv<Sections extends Record<string, AnySection>>(
  env: Env,
  sections: Sections,
): Built<Sections> {
  const present = presentIn(env);
  const context: EnvContext = { production: (present.NODE_ENV ?? 'production') === 'production' };
  const problems: string[] = [];
  const built: [string, unknown][] = [];
  for (const [name, section] of Object.entries(sections)) {
    const parsed = section.schema.safeParse(present);
    if (parsed.success) built.push([name, section.build(parsed.data, context)]);
    else
      problems.push(
        ...parsed.error.issues.map((issue) => {
          const variable = String(issue.path[0] ?? '(environment)');
          return `${variable} ${variable in present ? issue.message : 'is required'}`;
        }),
      );
  }
  for (const section of Object.values(sections))
    problems.push(...(section.problems?.(present, context) ?? []));
  if (problems.length > 0) throw new ConfigError([...new Set(problems)]);
  return Object.fromEntries(built) as Built<Sections>;
}

// The shapes of value several sections share, each with the words its problem is reported in.

export const required = z.string().trim().min(1, 'is required');

/** An http(s) URL, without its trailing slashes (paths are appended to it). */
export const httpUrl = z
  .string()
  .trim()
  .min(1, 'is required')
  .pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }))
  .transform((url) => url.replace(/\/+$/, ''));

/** Items separated by commas and/or spaces (`a,b`, `a, b`, `a b`). */
export const commaList = z.string().transform((value) =>
  value
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter(Boolean),
);

export const port = z.coerce
  .number('must be a port number')
  .int('must be a port number')
  .min(0, 'must be a port number')
  .max(65535, 'must be a port number');

export const positiveInteger = z.coerce
  .number('must be a positive integer')
  .int('must be a positive integer')
  .positive('must be a positive integer');

export const milliseconds = z.coerce
  .number('must be a number of milliseconds')
  .int('must be a number of milliseconds')
  .positive('must be a number of milliseconds');
