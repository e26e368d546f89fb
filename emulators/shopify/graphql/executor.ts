/**
 * Runs one Admin GraphQL request the way Shopify does: parse, validate against the real schema
 * (once per query text: checked-documents.ts), price it, take the price from the shop's bucket
 * (or answer THROTTLED), execute, and report `extensions.cost`. Errors come back in Shopify's
 * shape with HTTP 200.
 */
import {
  GraphQLError,
  Kind,
  execute,
  getOperationAST,
  getVariableValues,
  type FragmentDefinitionNode,
  type GraphQLFieldResolver,
  type GraphQLTypeResolver,
} from 'graphql';
import type { EmulatorContext } from '../emulator-context.ts';
import { checkedDocument } from './checked-documents.ts';
import type { ResolverContext, ResolverMap } from '../resolvers/resolver-types.ts';
import type { ShopRecord } from '../store/types.ts';
import {
  SINGLE_QUERY_MAX_COST,
  actualQueryCost,
  requestedQueryCost,
  variableTypeNames,
} from './cost.ts';
import type { ThrottleStatus } from './leaky-bucket.ts';
import {
  shopifyExecutionError,
  shopifySyntaxError,
  shopifyValidationError,
  shopifyVariableError,
  type ShopifyError,
} from './shopify-errors.ts';
import { unsupportedSelections } from './supported-selection.ts';
import { unsupported } from './unsupported.ts';

export interface GraphqlRequest {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}

export interface GraphqlResponse {
  data?: unknown;
  errors?: ShopifyError[];
  extensions?: {
    cost: {
      requestedQueryCost: number;
      actualQueryCost: number | null;
      throttleStatus: ThrottleStatus;
    };
  };
}

const RATE_LIMIT_DOCS = 'https://shopify.dev/api/usage/rate-limits';

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Resolves through the declared resolvers; refuses arguments a resolver does not honour. */
function fieldResolverFor(resolvers: ResolverMap): GraphQLFieldResolver<unknown, ResolverContext> {
  return (source, args, ctx, info) => {
    const spec = resolvers[info.parentType.name]?.[info.fieldName];
    const where = `${info.parentType.name}.${info.fieldName}`;
    if (spec === undefined) {
      throw unsupported(`Field '${where}'`);
    }
    const honoured = spec === true ? [] : (spec.args ?? []);
    const definition = info.parentType.getFields()[info.fieldName];
    for (const [name, value] of Object.entries(args)) {
      if (honoured.includes(name)) continue;
      const fallback = definition?.args.find((arg) => arg.name === name)?.defaultValue;
      if (value !== undefined && !sameValue(value, fallback)) {
        throw unsupported(`Argument '${name}' on field '${where}'`);
      }
    }
    if (spec !== true) return spec.resolve(source as never, args, ctx, info);
    const value = (source as Record<string, unknown> | null)?.[info.fieldName];
    if (value === undefined) {
      throw new GraphQLError(`Emulator bug: ${where} was not presented`);
    }
    return value;
  };
}

const typeResolver: GraphQLTypeResolver<unknown, ResolverContext> = (value) =>
  (value as { __typename?: string }).__typename;

export interface ExecutorDeps {
  emu: EmulatorContext;
  resolvers: ResolverMap;
}

export async function runAdminOperation(
  { emu, resolvers }: ExecutorDeps,
  shop: ShopRecord,
  bucketKey: string,
  request: GraphqlRequest,
): Promise<GraphqlResponse> {
  const { schema } = emu;
  if (typeof request.query !== 'string' || request.query.trim() === '') {
    return { errors: [{ message: 'No query string was present' }] };
  }
  const checked = checkedDocument(schema, request.query);
  if ('syntaxError' in checked) return { errors: [shopifySyntaxError(checked.syntaxError)] };
  const { document, invalid } = checked;
  if (invalid.length > 0) {
    return { errors: invalid.map((error) => shopifyValidationError(error, document)) };
  }
  const operationName =
    typeof request.operationName === 'string' ? request.operationName : undefined;
  const operation = getOperationAST(document, operationName);
  if (!operation) {
    return {
      errors: [
        {
          message: operationName
            ? `No operation named "${operationName}"`
            : 'An operation name is required',
        },
      ],
    };
  }
  const unsupported = unsupportedSelections(schema, document, resolvers);
  if (unsupported.length > 0) {
    return { errors: unsupported.map((error) => shopifyExecutionError(error, document)) };
  }

  const rawVariables =
    request.variables && typeof request.variables === 'object'
      ? (request.variables as Record<string, unknown>)
      : {};
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], rawVariables);
  if (coerced.errors) {
    const types = variableTypeNames(operation, schema);
    return {
      errors: coerced.errors.map((error) => shopifyVariableError(error, types, rawVariables)),
    };
  }
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  }

  const requested = requestedQueryCost(schema, operation, fragments, coerced.coerced);
  if (requested > SINGLE_QUERY_MAX_COST) {
    return {
      errors: [
        {
          message: `Query cost is ${requested}, which exceeds the single query max cost limit (${SINGLE_QUERY_MAX_COST}).\n\nSee ${RATE_LIMIT_DOCS} for more information on how the\ncost of a query is calculated.\n\nTo query larger amounts of data with fewer limits, bulk operations should be used instead.\nSee https://shopify.dev/tutorials/perform-bulk-operations-with-admin-api for usage details.\n`,
          extensions: {
            code: 'MAX_COST_EXCEEDED',
            cost: requested,
            maxCost: SINGLE_QUERY_MAX_COST,
            documentation: RATE_LIMIT_DOCS,
          },
        },
      ],
    };
  }
  const throttled = (): GraphqlResponse => ({
    errors: [
      { message: 'Throttled', extensions: { code: 'THROTTLED', documentation: RATE_LIMIT_DOCS } },
    ],
    extensions: {
      cost: {
        requestedQueryCost: requested,
        actualQueryCost: null,
        throttleStatus: emu.buckets.status(bucketKey),
      },
    },
  });
  if (emu.faults.take('throttle', shop.domain)) return throttled();
  if (!emu.buckets.tryReserve(bucketKey, requested)) return throttled();

  const contextValue: ResolverContext = { emu, shop };
  const result = await execute({
    schema,
    document,
    operationName,
    variableValues: rawVariables,
    contextValue,
    fieldResolver: fieldResolverFor(resolvers),
    typeResolver,
  });
  const data = result.data ?? null;
  const actual = Math.min(
    requested,
    actualQueryCost(schema, operation, fragments, coerced.coerced, data),
  );
  emu.buckets.refund(bucketKey, requested - actual);
  const response: GraphqlResponse = { data };
  if (result.errors?.length)
    response.errors = result.errors.map((error) => shopifyExecutionError(error));
  response.extensions = {
    cost: {
      requestedQueryCost: requested,
      actualQueryCost: actual,
      throttleStatus: emu.buckets.status(bucketKey),
    },
  };
  return response;
}
