/**
 * The metaobject definitions an app declares in its shopify.app.toml, which `shopify app deploy`
 * hands to Shopify and Shopify keeps on every shop the app is installed on: each
 * `[metaobjects.app.<name>]` table is the type `$app:<name>` (its `name`), each
 * `[metaobjects.app.<name>.fields.<key>]` table one of its fields (its `type`). Read with
 * patterns, for the tables and one-line strings the CLI writes, as flow-trigger-schemas.ts does:
 * the emulator carries no TOML parser for this one lookup. A table of another shape under
 * `metaobjects`, or a field without a type, is refused rather than read wrongly.
 */
export interface AppMetaobjectDefinition {
  /** `$app:<name>`, as the app sends it (Shopify expands `$app` to the app's own prefix). */
  type: string;
  name: string;
  /** Field key -> field type (`single_line_text_field`, `file_reference`, ...). */
  fields: Map<string, string>;
}

const TABLE = /^\s*\[([^\]]+)\]\s*(?:#.*)?$/;
const STRING = /^\s*([\w.]+)\s*=\s*"([^"]*)"\s*(?:#.*)?$/;
const DEFINITION = /^metaobjects\.app\.([a-z0-9_]+)$/;
const FIELD = /^metaobjects\.app\.([a-z0-9_]+)\.fields\.([a-z0-9_]+)$/;

export function appMetaobjectDefinitions(toml: string): AppMetaobjectDefinition[] {
  const definitions = new Map<string, AppMetaobjectDefinition>();
  const definitionOf = (name: string) => {
    const definition = definitions.get(name) ?? { type: `$app:${name}`, name, fields: new Map() };
    definitions.set(name, definition);
    return definition;
  };
  let table = '';
  for (const line of toml.split('\n')) {
    const header = TABLE.exec(line);
    if (header) {
      table = header[1]!.trim();
      const field = FIELD.exec(table);
      if (field) definitionOf(field[1]!).fields.set(field[2]!, '');
      else if (DEFINITION.test(table)) definitionOf(DEFINITION.exec(table)![1]!);
      else if (table.startsWith('metaobjects'))
        throw new Error(`shopify.app.toml: [${table}] is not a metaobject definition or field`);
      continue;
    }
    const [, key, value] = STRING.exec(line) ?? [];
    if (key === undefined || value === undefined) continue;
    const definition = DEFINITION.exec(table);
    if (definition && key === 'name') definitionOf(definition[1]!).name = value;
    const field = FIELD.exec(table);
    if (field && key === 'type') definitionOf(field[1]!).fields.set(field[2]!, value);
  }
  for (const { type, fields } of definitions.values())
    for (const [key, fieldType] of fields)
      if (!fieldType) throw new Error(`shopify.app.toml: the field ${key} of ${type} has no type`);
  return [...definitions.values()];
}
