/**
 * Refuses, before anything runs, a document that selects a field the emulator does not serve.
 * Shopify would answer such a field; the emulator cannot answer it faithfully, so it says so
 * instead of returning a silent null. On an interface, a field must be served by every concrete
 * type the emulator presents for that interface.
 */
import {
  TypeInfo,
  isInterfaceType,
  isObjectType,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type GraphQLError,
  type GraphQLSchema,
} from 'graphql';
import type { ResolverMap } from '../resolvers/resolver-types.ts';
import { unsupported } from './unsupported.ts';

export function unsupportedSelections(
  schema: GraphQLSchema,
  document: DocumentNode,
  resolvers: ResolverMap,
): GraphQLError[] {
  const errors: GraphQLError[] = [];
  const typeInfo = new TypeInfo(schema);
  const served = (typeName: string, fieldName: string): boolean =>
    resolvers[typeName]?.[fieldName] !== undefined;

  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        const parent = typeInfo.getParentType();
        const name = node.name.value;
        if (!parent || name.startsWith('__') || parent.name.startsWith('__')) return undefined;
        let ok: boolean;
        if (isObjectType(parent)) {
          ok = served(parent.name, name);
        } else if (isInterfaceType(parent)) {
          const implementations = schema
            .getPossibleTypes(parent)
            .filter((type) => resolvers[type.name] !== undefined);
          ok =
            implementations.length > 0 && implementations.every((type) => served(type.name, name));
        } else {
          ok = false;
        }
        if (!ok) {
          errors.push(unsupported(`Field '${name}' on type '${parent.name}'`, { nodes: [node] }));
          return false; // its sub-selections would only repeat the same complaint
        }
        return undefined;
      },
    }),
  );
  return errors;
}
