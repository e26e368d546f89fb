/**
 * Reads compose.yaml for the rehearsal, so that the test runs what the file says (environment,
 * commands, replicas, Redis's flags). No YAML library is installed, so this reads the subset
 * the file is written in — nested maps by indentation, `- item` lists, ["flow", "lists"], quoted
 * ('single', "double") and plain scalars, `&anchor` / `*alias` of a map, full-line comments — and throws on anything
 * else rather than misread it. Then it interpolates `${NAME}`, `${NAME:-default}` and
 * `${NAME:?message}` from the given variables, as `docker compose` does from the shell.
 */
export type ComposeValue = string | number | ComposeValue[] | { [key: string]: ComposeValue };
type ComposeMap = { [key: string]: ComposeValue };

interface Line {
  indent: number;
  text: string;
  number: number;
}

function scalar(raw: string, line: Line): ComposeValue {
  if (/^\[.*\]$/.test(raw))
    return raw
      .slice(1, -1)
      .split(',') // items without commas, as in the file
      .map((item) => scalar(item.trim(), line));
  if (raw.startsWith('"')) return JSON.parse(raw) as string;
  if (/^'.*'$/.test(raw)) return raw.slice(1, -1).replaceAll("''", "'");
  if (/^\d+$/.test(raw)) return Number(raw);
  if (/^[&*'{|>!]/.test(raw) || raw.includes(' #'))
    throw new Error(`compose.yaml line ${line.number}: unsupported YAML: ${raw}`);
  return raw;
}

export function parseComposeYaml(source: string): ComposeMap {
  const lines: Line[] = source
    .split('\n')
    .map((text, index) => ({ indent: text.search(/\S/), text: text.trim(), number: index + 1 }))
    .filter((line) => line.indent >= 0 && !line.text.startsWith('#'));
  const anchors = new Map<string, ComposeValue>();
  let next = 0;

  function block(indent: number): ComposeValue {
    const first = lines[next];
    if (first?.text.startsWith('- ')) {
      const list: ComposeValue[] = [];
      while (lines[next]?.indent === indent && lines[next]!.text.startsWith('- ')) {
        const line = lines[next++]!;
        list.push(scalar(line.text.slice(2).trim(), line));
      }
      return list;
    }
    const map: ComposeMap = {};
    while (lines[next] && lines[next]!.indent === indent) {
      const line = lines[next++]!;
      const match = /^([\w.-]+):(?:\s+(.*))?$/.exec(line.text);
      if (!match) throw new Error(`compose.yaml line ${line.number}: unsupported YAML`);
      const [, key, rest = ''] = match;
      if (rest.startsWith('*')) {
        const value = anchors.get(rest.slice(1));
        if (value === undefined) throw new Error(`compose.yaml: unknown alias ${rest}`);
        map[key!] = value;
      } else if (rest === '' || rest.startsWith('&')) {
        const child = lines[next];
        const value = child && child.indent > indent ? block(child.indent) : '';
        if (rest) anchors.set(rest.slice(1), value);
        map[key!] = value;
      } else map[key!] = scalar(rest, line);
    }
    if (lines[next] && lines[next]!.indent > indent)
      throw new Error(`compose.yaml line ${lines[next]!.number}: unexpected indentation`);
    return map;
  }

  return block(0) as ComposeMap;
}

/** `docker compose`'s interpolation of `${...}` in every string of `value`. */
export function interpolate<T extends ComposeValue>(
  value: T,
  variables: Record<string, string | undefined>,
): T {
  if (typeof value === 'string')
    return value.replace(
      /\$\{(\w+)(?::([-?])([^}]*))?\}/g,
      (_, name: string, operator?: string, argument = '') => {
        const set = variables[name];
        if (set !== undefined && set !== '') return set;
        if (operator === '?') throw new Error(`compose: ${name}: ${argument}`);
        return operator === '-' ? argument : '';
      },
    ) as T;
  if (Array.isArray(value)) return value.map((item) => interpolate(item, variables)) as T;
  if (typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, interpolate(item, variables)]),
    ) as T;
  return value;
}
