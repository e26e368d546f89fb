/**
 * Metaobjects: `metaobjectUpsert` (the entry with that type and handle created or updated: the
 * same handle twice is one entry) and `metaobjectByHandle`, on the definitions the app declares
 * in its shopify.app.toml (app-metaobjects.ts, installed with the app: shop-installation.ts); a
 * type it does not declare is refused. Values are checked against their field's type for the
 * types served here (text, integer, date and time, URL, file and product references: a
 * reference must name a file or product of the shop). Types are kept as sent (`$app:x` stays
 * itself; Shopify expands `$app` to the app's own prefix and reads it back the same way).
 */
import { gid, parseGid, FILE_GID_TYPE } from '../graphql/gid.ts';
import { unsupported } from '../graphql/unsupported.ts';
import type { MetaobjectRecord, ShopRecord } from '../store/types.ts';
import { isHttpUrl, onlyFields, userError, type UserErrorShape } from './input-guard.ts';
import { field, plain, type ResolverContext, type ResolverMap } from './resolver-types.ts';

/** Field types served, with how a value of each is checked. */
const FIELD_TYPES: Record<string, (value: string, shop: ShopRecord) => boolean> = {
  single_line_text_field: (value) => !value.includes('\n'),
  multi_line_text_field: () => true,
  number_integer: (value) => /^-?\d+$/.test(value),
  date_time: (value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})?$/.test(value),
  url: (value) => isHttpUrl(value),
  file_reference: (value, shop) => {
    const parsed = parseGid(value);
    const file = parsed ? shop.files.get(parsed.id) : undefined;
    return file !== undefined && FILE_GID_TYPE[file.kind] === parsed?.type;
  },
  product_reference: (value, shop) => {
    const parsed = parseGid(value);
    return parsed?.type === 'Product' && shop.products.has(parsed.id);
  },
};

interface UpsertInput {
  handle?: string | null;
  fields?: { key: string; value: string }[] | null;
}

function metaobjectUpsert(
  _: unknown,
  args: { handle: { type: string; handle: string }; metaobject: UpsertInput },
  ctx: ResolverContext,
) {
  onlyFields(ctx.emu.schema, args.metaobject, ['fields'], 'MetaobjectUpsertInput');
  const { type, handle } = args.handle;
  const definition = ctx.shop.metaobjectDefinitions.get(type);
  if (!definition) {
    return {
      metaobject: null,
      userErrors: [
        userError(
          ['handle', 'type'],
          'No metaobject definition exists for type',
          'UNDEFINED_OBJECT_TYPE',
        ),
      ],
    };
  }
  const errors: UserErrorShape[] = [];
  if (!/^[a-z0-9][a-z0-9-]*$/.test(handle)) {
    errors.push(userError(['handle', 'handle'], 'Handle is invalid', 'URL_HANDLE_INVALID'));
  }
  const values = new Map<string, string>();
  (args.metaobject.fields ?? []).forEach((input, index) => {
    const fieldType = definition.fields.get(input.key);
    const check = fieldType === undefined ? undefined : FIELD_TYPES[fieldType];
    if (fieldType && !check) throw unsupported(`Metaobject field type ${fieldType}`);
    if (!check) {
      errors.push(
        userError(
          ['metaobject', 'fields', index],
          `Field definition "${input.key}" does not exist`,
          'UNDEFINED_OBJECT_FIELD',
        ),
      );
    } else if (!check(input.value, ctx.shop)) {
      errors.push(
        userError(
          ['metaobject', 'fields', index],
          `Value is invalid for a ${fieldType}`,
          'INVALID_VALUE',
        ),
      );
    } else values.set(input.key, input.value);
  });
  if (errors.length > 0) return { metaobject: null, userErrors: errors };
  const now = ctx.emu.clock.now();
  const key = `${type}/${handle}`;
  const existing = ctx.shop.metaobjects.get(key);
  const record: MetaobjectRecord = existing ?? {
    id: ctx.emu.store.nextId(),
    type,
    handle,
    fields: new Map(),
    createdAt: now,
    updatedAt: now,
  };
  for (const [name, value] of values) record.fields.set(name, value);
  record.updatedAt = now;
  ctx.shop.metaobjects.set(key, record);
  return { metaobject: presentMetaobject(record), userErrors: [] };
}

function presentMetaobject(record: MetaobjectRecord) {
  return {
    id: gid('Metaobject', record.id),
    handle: record.handle,
    type: record.type,
    fields: [...record.fields].map(([key, value]) => ({ key, value })),
  };
}

export const metaobjectResolvers: ResolverMap = {
  QueryRoot: {
    metaobjectByHandle: field(
      (_: unknown, args: { handle: { type: string; handle: string } }, ctx) => {
        const record = ctx.shop.metaobjects.get(`${args.handle.type}/${args.handle.handle}`);
        return record ? presentMetaobject(record) : null;
      },
      ['handle'],
    ),
  },
  Mutation: {
    metaobjectUpsert: field(metaobjectUpsert, ['handle', 'metaobject']),
  },
  Metaobject: plain('id', 'handle', 'type', 'fields'),
  MetaobjectField: plain('key', 'value'),
  MetaobjectUpsertPayload: plain('metaobject', 'userErrors'),
  MetaobjectUserError: plain('field', 'message', 'code'),
};
