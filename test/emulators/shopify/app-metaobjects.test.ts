/**
 * The metaobject definitions an app declares in its shopify.app.toml are on every shop it is
 * installed on, as Shopify keeps a deployed app's: `metaobjectUpsert` writes entries of a
 * declared type, with its declared fields, and refuses a type the app does not declare.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appMetaobjectDefinitions,
  type ShopifyEmulator,
} from '../../../emulators/shopify/index.ts';
import { APP_TOML_PATH } from '../../../src/shopify/declared-topics.ts';
import { exchangeToken, graphql, startTestEmulator } from './support/emulator.ts';

const NOTES = `
[metaobjects.app.care_notes]
name = "Care notes"

[metaobjects.app.care_notes.fields.text]
name = "Text"
type = "multi_line_text_field"
`;

const UPSERT = `mutation Upsert($handle: MetaobjectHandleInput!, $metaobject: MetaobjectUpsertInput!) {
  metaobjectUpsert(handle: $handle, metaobject: $metaobject) {
    metaobject { handle fields { key value } }
    userErrors { code message }
  }
}`;

describe('appMetaobjectDefinitions', () => {
  it('reads the app’s own declaration: each type with its fields’ types', () => {
    const [provenance, ...others] = appMetaobjectDefinitions(readFileSync(APP_TOML_PATH, 'utf8'));
    expect(others).toEqual([]);
    expect(provenance).toEqual({
      type: '$app:ai_provenance',
      name: 'AI provenance',
      fields: new Map([
        ['media', 'file_reference'],
        ['product', 'product_reference'],
        ['tool', 'single_line_text_field'],
        ['model', 'single_line_text_field'],
        ['prompt', 'multi_line_text_field'],
        ['productai_job_id', 'single_line_text_field'],
        ['generated_at', 'date_time'],
        ['digital_source_type', 'url'],
      ]),
    });
  });

  it('refuses a field without a type, and a table under metaobjects it cannot read', () => {
    expect(() => appMetaobjectDefinitions(NOTES.replace('type = ', 'kind = '))).toThrow(
      'the field text of $app:care_notes has no type',
    );
    expect(() =>
      appMetaobjectDefinitions(`${NOTES}\n[metaobjects.app.care_notes.access]\n`),
    ).toThrow('[metaobjects.app.care_notes.access] is not a metaobject definition or field');
  });
});

describe('a shop the app is installed on', () => {
  let emulator: ShopifyEmulator;
  let token: string;
  beforeAll(async () => {
    emulator = await startTestEmulator({ metaobjectDefinitions: appMetaobjectDefinitions(NOTES) });
    token = (await exchangeToken(emulator)).access_token;
  });
  afterAll(() => emulator.close());

  async function upsert(type: string, fields: { key: string; value: string }[]) {
    const result = await graphql<{
      metaobjectUpsert: {
        metaobject: { handle: string; fields: { key: string; value: string }[] } | null;
        userErrors: { code: string; message: string }[];
      };
    }>(emulator, token, UPSERT, { handle: { type, handle: 'linen' }, metaobject: { fields } });
    return result.data!.metaobjectUpsert;
  }

  it('has the declared type: an entry is written with its declared fields', async () => {
    expect(await upsert('$app:care_notes', [{ key: 'text', value: 'Wash cold.' }])).toEqual({
      metaobject: { handle: 'linen', fields: [{ key: 'text', value: 'Wash cold.' }] },
      userErrors: [],
    });
  });

  it('refuses a type the app does not declare, and a field its type does not have', async () => {
    expect((await upsert('$app:recipes', [{ key: 'text', value: 'x' }])).userErrors).toEqual([
      { code: 'UNDEFINED_OBJECT_TYPE', message: 'No metaobject definition exists for type' },
    ]);
    expect((await upsert('$app:care_notes', [{ key: 'colour', value: 'x' }])).userErrors).toEqual([
      { code: 'UNDEFINED_OBJECT_FIELD', message: 'Field definition "colour" does not exist' },
    ]);
  });
});
