/**
 * `flowTriggerReceive` checks a payload against the trigger's extension, as Flow does: the
 * handle must be one of the app's triggers and the payload must carry exactly its fields.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { flowTriggerSchema, type ShopifyEmulator } from '../../../emulators/shopify/index.ts';
import { exchangeToken, graphql, startTestEmulator } from './support/emulator.ts';

const READY = `
[[extensions]]
name = "Product photo ready for review"
type = "flow_trigger"
handle = "photo-ready"

[settings]

[[settings.fields]]
type = "product_reference"

[[settings.fields]]
type = "single_line_text_field"
key = "Fidelity"
`;

const RECEIVE = `mutation Receive($handle: String, $payload: JSON) {
  flowTriggerReceive(handle: $handle, payload: $payload) { userErrors { field message } }
}`;

let emulator: ShopifyEmulator;
let token: string;

beforeAll(async () => {
  emulator = await startTestEmulator({ flowTriggers: [flowTriggerSchema(READY)] });
  token = (await exchangeToken(emulator)).access_token;
});
afterAll(() => emulator.close());

async function receive(handle: string, payload: Record<string, unknown>) {
  const result = await graphql<{
    flowTriggerReceive: { userErrors: { field: string[]; message: string }[] };
  }>(emulator, token, RECEIVE, { handle, payload });
  return result.data!.flowTriggerReceive.userErrors;
}

it('accepts a payload with exactly the fields the trigger declares', async () => {
  expect(await receive('photo-ready', { product_id: 1, Fidelity: 'changed' })).toEqual([]);
});

it('refuses a field the trigger does not declare, and one it lacks', async () => {
  expect(await receive('photo-ready', { product_id: 1, Verdict: 'changed' })).toEqual([
    {
      field: ['payload'],
      message: 'Errors validating schema: Invalid field Verdict, Missing field Fidelity',
    },
  ]);
});

it('refuses a handle the app has no trigger for', async () => {
  expect(await receive('photo-gone', { product_id: 1 })).toEqual([
    { field: ['handle'], message: 'Invalid handle: photo-gone' },
  ]);
});
