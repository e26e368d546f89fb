/**
 * Product metafields: `metafieldsSet` (created or replaced by owner, namespace and key, at most 25
 * at once, all or nothing), `metafieldsDelete` (a missing one answers null in its place, as on
 * Shopify) and `Product.metafield(namespace, key)`. Owners served: products of the shop. Types
 * served: `json` (the value must parse) and `single_line_text_field`. Namespaces are kept as sent
 * (`$app:x` stays itself; Shopify expands `$app` to the app's own prefix and reads it back the
 * same way), as metaobjects.ts does for types.
 */
import { gid, idOfType } from '../graphql/gid.ts';
import { unsupported } from '../graphql/unsupported.ts';
import { productMetafields } from '../store/emulator-store.ts';
import type { MetafieldRecord, ProductRecord, ShopRecord } from '../store/types.ts';
import { onlyFields, userError, type UserErrorShape } from './input-guard.ts';
import { field, plain, type ResolverContext, type ResolverMap } from './resolver-types.ts';
import type { PresentedProduct } from './products.ts';

const MAX_PER_CALL = 25;

const VALUE_CHECKS: Record<string, (value: string) => boolean> = {
  json: (value) => {
    try {
      JSON.parse(value);
      return true;
    } catch {
      return false;
    }
  },
  single_line_text_field: (value) => !value.includes('\n'),
};

interface SetInput {
  ownerId: string;
  namespace?: string | null;
  key: string;
  type?: string | null;
  value: string;
}

function ownerOf(shop: ShopRecord, ownerId: string): ProductRecord | undefined {
  const id = idOfType(ownerId, 'Product');
  return id === undefined ? undefined : shop.products.get(id);
}

function metafieldsSet(_: unknown, args: { metafields: SetInput[] }, ctx: ResolverContext) {
  const errors: UserErrorShape[] = [];
  if (args.metafields.length > MAX_PER_CALL)
    errors.push(
      userError(
        ['metafields'],
        `Exceeded the maximum metafields input limit of ${MAX_PER_CALL}.`,
        'LESS_THAN_OR_EQUAL_TO',
      ),
    );
  const writes = args.metafields.map((input, index) => {
    onlyFields(
      ctx.emu.schema,
      input,
      ['ownerId', 'namespace', 'key', 'type', 'value'],
      'MetafieldsSetInput',
    );
    const owner = ownerOf(ctx.shop, input.ownerId);
    const type = input.type;
    if (!owner)
      errors.push(userError(['metafields', index, 'ownerId'], 'Owner does not exist.', 'INVALID'));
    if (!input.namespace) throw unsupported('metafieldsSet without a namespace');
    if (!type) throw unsupported('metafieldsSet without a type');
    const check = VALUE_CHECKS[type];
    if (!check) throw unsupported(`Metafield type ${type}`);
    if (!check(input.value))
      errors.push(
        userError(['metafields', index, 'value'], `Value is invalid JSON.`, 'INVALID_VALUE'),
      );
    return { owner, namespace: input.namespace, key: input.key, type, value: input.value };
  });
  if (errors.length > 0) return { metafields: null, userErrors: errors };
  const written = writes.map(({ owner, ...write }) => {
    const metafields = productMetafields(owner!);
    const name = `${write.namespace}.${write.key}`;
    const record = { id: metafields.get(name)?.id ?? ctx.emu.store.nextId(), ...write };
    metafields.set(name, record);
    return presentMetafield(record);
  });
  return { metafields: written, userErrors: [] };
}

interface Identifier {
  ownerId: string;
  namespace: string;
  key: string;
}

function metafieldsDelete(_: unknown, args: { metafields: Identifier[] }, ctx: ResolverContext) {
  const deleted = args.metafields.map((input) => {
    const owner = ownerOf(ctx.shop, input.ownerId);
    const name = `${input.namespace}.${input.key}`;
    if (!owner || !productMetafields(owner).delete(name)) return null;
    return { ownerId: input.ownerId, namespace: input.namespace, key: input.key };
  });
  return { deletedMetafields: deleted, userErrors: [] };
}

function presentMetafield(record: MetafieldRecord) {
  return { ...record, id: gid('Metafield', record.id) };
}

export const metafieldResolvers: ResolverMap = {
  Mutation: {
    metafieldsSet: field(metafieldsSet, ['metafields']),
    metafieldsDelete: field(metafieldsDelete, ['metafields']),
  },
  Product: {
    metafield: field(
      (product: PresentedProduct, args: { namespace?: string | null; key: string }) => {
        if (!args.namespace) throw unsupported('Product.metafield without a namespace');
        const record = productMetafields(product.record).get(`${args.namespace}.${args.key}`);
        return record ? presentMetafield(record) : null;
      },
      ['namespace', 'key'],
    ),
  },
  Metafield: plain('id', 'namespace', 'key', 'type', 'value'),
  MetafieldIdentifier: plain('ownerId', 'namespace', 'key'),
  MetafieldsSetPayload: plain('metafields', 'userErrors'),
  MetafieldsDeletePayload: plain('deletedMetafields', 'userErrors'),
  MetafieldsSetUserError: plain('field', 'message', 'code'),
};
