/**
 * Lookups by global id, answered as Shopify answers them: a value that is no global id at all
 * is an error, while a gid of another type, or of a record that does not exist, names nothing.
 */
import { requireIdOfType } from '../graphql/gid.ts';
import type { ShopRecord } from '../store/types.ts';
import {
  field,
  type Args,
  type FieldSpec,
  type Presented,
  type ResolverContext,
} from './resolver-types.ts';

/** The record of `type` that `id` names, if there is one. */
export function recordById<R>(
  records: ReadonlyMap<number, R>,
  id: unknown,
  type: string,
): R | undefined {
  return records.get(requireIdOfType(id, type) ?? -1);
}

/** A root field `<type>(id:)`: the record that id names, presented, or null. */
export function byIdField<R>(
  type: string,
  records: (shop: ShopRecord) => ReadonlyMap<number, R>,
  present: (record: R) => Presented,
): FieldSpec {
  return field(
    (_: unknown, args: Args, { shop }: ResolverContext) => {
      const record = recordById(records(shop), args['id'], type);
      return record ? present(record) : null;
    },
    ['id'],
  );
}
