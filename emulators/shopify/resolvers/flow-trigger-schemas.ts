/**
 * The fields a Flow trigger extension declares (its shopify.extension.toml, as `shopify app
 * deploy` registers it): the handle and each `[[settings.fields]]` block's `key`, with
 * `product_id` for a `product_reference` (Flow's name for it in the payload). Read with two
 * patterns, for the one-line strings the CLI writes, as app-subscriptions.ts does: the emulator
 * carries no TOML parser for this one lookup.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface FlowTriggerSchema {
  handle: string;
  fields: string[];
}

const HANDLE = /^\s*handle\s*=\s*"([^"]+)"/m;
const KEY = /^\s*key\s*=\s*"([^"]+)"/m;
const PRODUCT_REFERENCE = /^\s*type\s*=\s*"product_reference"/m;

export function flowTriggerSchema(toml: string): FlowTriggerSchema {
  const handle = HANDLE.exec(toml)?.[1];
  if (!handle) throw new Error('a Flow trigger extension without a handle');
  const fields = toml
    .split('[[settings.fields]]')
    .slice(1)
    .map((block) => {
      if (PRODUCT_REFERENCE.test(block)) return 'product_id';
      const key = KEY.exec(block)?.[1];
      if (!key) throw new Error(`a field of the Flow trigger ${handle} without a key`);
      return key;
    });
  return { handle, fields };
}

/** Every Flow trigger extension (`type = "flow_trigger"`) in an app's `extensions/` folder. */
export function appFlowTriggers(extensionsDir: string): FlowTriggerSchema[] {
  return readdirSync(extensionsDir)
    .map((name) => join(extensionsDir, name, 'shopify.extension.toml'))
    .filter((file) => existsSync(file))
    .map((file) => readFileSync(file, 'utf8'))
    .filter((toml) => /^\s*type\s*=\s*"flow_trigger"/m.test(toml))
    .map(flowTriggerSchema);
}
