/**
 * docs/operations.md's configuration table lists every variable the configuration's schemas read
 * (src/app/config.ts, ENV_SECTIONS), each once, under the file that owns its schema, marked
 * required exactly when it has no default, and with the schema's own default: a variable added,
 * moved to another room or given another default without the table following fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_SECTIONS } from '../../src/app/config.ts';

const ROOT = join(import.meta.dirname, '../..');

/** The file that holds each section's schema. */
const OWNERS: Record<keyof typeof ENV_SECTIONS, string> = {
  shopify: 'src/shopify/config.ts',
  platform: 'src/platform/config.ts',
  productAi: 'src/productai/config.ts',
  pipeline: 'src/pipeline/config-from-env.ts',
  rateLimits: 'src/app/rate-limits-config.ts',
};

interface Row {
  owner: string;
  required: string;
  defaultCell: string;
}

/** The table of "Configuration for production": its rows by variable (a repeat is kept apart). */
function documented(): { rows: Map<string, Row>; names: string[] } {
  const text = readFileSync(join(ROOT, 'docs/operations.md'), 'utf8');
  const section = text.slice(text.indexOf('## Configuration for production'));
  const lines = section.split('\n');
  const header = lines.findIndex((line) => line.startsWith('| Variable'));
  const columns = lines[header]!.split('|').map((cell) => cell.trim());
  const column = (name: string) => columns.indexOf(name);
  const rows = new Map<string, Row>();
  const names: string[] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    const cells = line.split('|').map((cell) => cell.trim());
    const name = cells[column('Variable')]!.replace(/`/g, '');
    names.push(name);
    rows.set(name, {
      owner: cells[column('Owner')]!.replace(/`/g, ''),
      required: cells[column('Required')]!,
      defaultCell: cells[column('Default')]!,
    });
  }
  return { rows, names };
}

/** Every schema's variables with their section, in the sections' order. */
const variables = Object.entries(ENV_SECTIONS).flatMap(([section, { schema }]) =>
  Object.entries(schema.shape).map(([name, field]) => ({
    name,
    owner: OWNERS[section as keyof typeof ENV_SECTIONS],
    parsedUnset: field.safeParse(undefined),
  })),
);

describe("docs/operations.md's configuration table", () => {
  const { rows, names } = documented();

  it('lists exactly the variables of the schemas, each once', () => {
    expect(names.length, 'a variable listed twice').toBe(new Set(names).size);
    expect([...names].sort()).toEqual(variables.map(({ name }) => name).sort());
  });

  it('names the file that owns each variable, which holds its schema', () => {
    for (const { name, owner } of variables) {
      expect(rows.get(name)?.owner, name).toBe(owner);
      expect(readFileSync(join(ROOT, owner), 'utf8'), `${name} in ${owner}`).toContain(
        `  ${name}: `,
      );
    }
  });

  it('marks a variable required exactly when its schema has no default', () => {
    for (const { name, parsedUnset } of variables)
      expect(rows.get(name)?.required, name).toMatch(
        parsedUnset.success ? /^(no|dev only)$/ : /^yes$/,
      );
  });

  it("gives each variable's default as its schema does", () => {
    for (const { name, parsedUnset } of variables) {
      const value: unknown = parsedUnset.data;
      const shown =
        typeof value === 'number' || typeof value === 'string'
          ? String(value)
          : Array.isArray(value) && value.length > 0
            ? value.join(',')
            : undefined;
      if (shown !== undefined) expect(rows.get(name)?.defaultCell, name).toContain(`\`${shown}\``);
    }
  });
});
