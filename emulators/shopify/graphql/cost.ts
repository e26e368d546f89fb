/**
 * Calculated query cost by Shopify's documented rules
 * (https://shopify.dev/docs/apps/build/apis/graphql-admin/rate-limits#cost-calculation):
 * scalars and enums cost 0, objects 1, an interface or union the most expensive of its possible
 * selections, a connection 2 plus its page size times the cost of one node, and a mutation 10.
 * The requested cost sizes connections by `first`/`last`; the actual cost by what came back.
 * Inside a mutation's payload only connections add to the 10 (a payload's plain objects are
 * part of the mutation's price, which is what Shopify reports for e.g. `productUpdate`).
 */
import {
  Kind,
  getNamedType,
  isAbstractType,
  isCompositeType,
  isObjectType,
  typeFromAST,
  valueFromAST,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

export const MUTATION_COST = 10;
export const CONNECTION_BASE_COST = 2;
export const SINGLE_QUERY_MAX_COST = 1000;

interface Walk {
  schema: GraphQLSchema;
  fragments: Record<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
}

/** The fields of a selection set that apply to a concrete type, fragments flattened. */
function fieldsFor(
  walk: Walk,
  selectionSet: SelectionSetNode,
  type: GraphQLObjectType,
): FieldNode[] {
  const out: FieldNode[] = [];
  const applies = (typeName: string | undefined): boolean => {
    if (!typeName || typeName === type.name) return true;
    const condition = walk.schema.getType(typeName);
    return !!condition && isAbstractType(condition) && walk.schema.isSubType(condition, type);
  };
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) out.push(selection);
    else if (selection.kind === Kind.INLINE_FRAGMENT) {
      if (applies(selection.typeCondition?.name.value)) {
        out.push(...fieldsFor(walk, selection.selectionSet, type));
      }
    } else {
      const fragment = walk.fragments[selection.name.value];
      if (fragment && applies(fragment.typeCondition.name.value)) {
        out.push(...fieldsFor(walk, fragment.selectionSet, type));
      }
    }
  }
  return out;
}

function concreteTypes(walk: Walk, type: GraphQLCompositeType): readonly GraphQLObjectType[] {
  return isObjectType(type) ? [type] : walk.schema.getPossibleTypes(type);
}

function argument(
  walk: Walk,
  node: FieldNode,
  def: GraphQLField<unknown, unknown>,
  name: string,
): unknown {
  const arg = node.arguments?.find((a) => a.name.value === name);
  const argDef = def.args.find((a) => a.name === name);
  if (!arg || !argDef) return undefined;
  return valueFromAST(arg.value, argDef.type, walk.variables);
}

function isConnection(type: GraphQLCompositeType): type is GraphQLObjectType {
  return isObjectType(type) && 'edges' in type.getFields() && 'pageInfo' in type.getFields();
}

/** How a walk sizes things: from arguments (requested) or from the response (actual). */
interface Sizer {
  /** Items of a connection field (requested: first/last; actual: what came back). */
  count(node: FieldNode, def: GraphQLField<unknown, unknown>, value: unknown): number;
  /** A property of a response object or an element of a response list (actual walk only). */
  child(value: unknown, key: string | number): unknown;
}

function selectionCost(
  walk: Walk,
  sizer: Sizer,
  selectionSet: SelectionSetNode,
  type: GraphQLCompositeType,
  value: unknown,
  insideMutation: boolean,
): number {
  let most = 0;
  for (const concrete of concreteTypes(walk, type)) {
    let sum = 0;
    for (const node of fieldsFor(walk, selectionSet, concrete)) {
      const def = concrete.getFields()[node.name.value];
      if (!def) continue;
      const key = node.alias?.value ?? node.name.value;
      sum += fieldCost(walk, sizer, node, def, sizer.child(value, key), insideMutation);
    }
    most = Math.max(most, sum);
  }
  return most;
}

function fieldCost(
  walk: Walk,
  sizer: Sizer,
  node: FieldNode,
  def: GraphQLField<unknown, unknown>,
  value: unknown,
  insideMutation: boolean,
): number {
  const named = getNamedType(def.type);
  if (!isCompositeType(named) || !node.selectionSet) return 0;
  if (isConnection(named)) {
    const edgeType = getNamedType(named.getFields()['edges']!.type) as GraphQLObjectType;
    const nodeType = getNamedType(edgeType.getFields()['node']!.type) as GraphQLCompositeType;
    const itemCost = (index: number): number => {
      let cost = 0;
      for (const sub of fieldsFor(walk, node.selectionSet!, named)) {
        if (!sub.selectionSet) continue;
        const list = sizer.child(value, sub.alias?.value ?? sub.name.value);
        if (sub.name.value === 'nodes') {
          const item = sizer.child(list, index);
          cost = Math.max(
            cost,
            1 + selectionCost(walk, sizer, sub.selectionSet, nodeType, item, insideMutation),
          );
        } else if (sub.name.value === 'edges') {
          const edge = sizer.child(list, index);
          for (const edgeField of fieldsFor(walk, sub.selectionSet, edgeType)) {
            if (edgeField.name.value !== 'node' || !edgeField.selectionSet) continue;
            const item = sizer.child(edge, edgeField.alias?.value ?? 'node');
            cost = Math.max(
              cost,
              1 +
                selectionCost(walk, sizer, edgeField.selectionSet, nodeType, item, insideMutation),
            );
          }
        }
      }
      return cost;
    };
    let total = CONNECTION_BASE_COST;
    for (let index = 0; index < sizer.count(node, def, value); index += 1) total += itemCost(index);
    return total;
  }
  const children = selectionCost(walk, sizer, node.selectionSet, named, value, insideMutation);
  return insideMutation ? children : 1 + children;
}

function operationCost(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
  sizer: Sizer,
  data: unknown,
): number {
  const walk: Walk = { schema, fragments, variables };
  const root =
    operation.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
  if (!root) return 0;
  let total = 0;
  for (const node of fieldsFor(walk, operation.selectionSet, root)) {
    const def = root.getFields()[node.name.value];
    if (!def) continue;
    const value = sizer.child(data, node.alias?.value ?? node.name.value);
    total +=
      operation.operation === 'mutation'
        ? MUTATION_COST + fieldCost(walk, sizer, node, def, value, true)
        : fieldCost(walk, sizer, node, def, value, false);
  }
  return total;
}

/** The worst-case cost, reserved from the bucket before the operation runs. */
export function requestedQueryCost(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
): number {
  const walk: Walk = { schema, fragments, variables };
  const sizer: Sizer = {
    count(node, def) {
      const size = Number(
        argument(walk, node, def, 'first') ?? argument(walk, node, def, 'last') ?? 0,
      );
      return Number.isFinite(size) ? Math.max(0, size) : 0;
    },
    child: () => undefined,
  };
  return operationCost(schema, operation, fragments, variables, sizer, undefined);
}

/** The cost of what the operation returned. */
export function actualQueryCost(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
  data: unknown,
): number {
  const sizer: Sizer = {
    count(node, _def, value) {
      if (!value || typeof value !== 'object') return 0;
      // One item per returned node, whichever of `edges` and `nodes` the query selected.
      for (const selection of node.selectionSet?.selections ?? []) {
        if (selection.kind !== Kind.FIELD) continue;
        if (selection.name.value !== 'edges' && selection.name.value !== 'nodes') continue;
        const list = (value as Record<string, unknown>)[
          selection.alias?.value ?? selection.name.value
        ];
        if (Array.isArray(list)) return list.length;
      }
      return 0;
    },
    child: (value, key) =>
      value && typeof value === 'object'
        ? (value as Record<string | number, unknown>)[key]
        : undefined,
  };
  return operationCost(schema, operation, fragments, variables, sizer, data);
}

/** The declared type of each variable, as written (for error messages). */
export function variableTypeNames(
  operation: OperationDefinitionNode,
  schema: GraphQLSchema,
): Map<string, string> {
  const names = new Map<string, string>();
  for (const definition of operation.variableDefinitions ?? []) {
    const type = typeFromAST(schema, definition.type);
    names.set(definition.variable.name.value, type ? String(type) : 'unknown');
  }
  return names;
}
