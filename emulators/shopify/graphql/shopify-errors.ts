/**
 * Errors in the shape Shopify's GraphQL server (graphql-ruby) returns them. graphql-js finds the
 * same problems but words them differently; the common ones are rewritten to Shopify's message,
 * `path` (starting with the operation, e.g. `["query", "product", "foo"]`) and `extensions`, so a
 * client that reads them sees what it would see from Shopify.
 */
import {
  Kind,
  print,
  visit,
  type ASTNode,
  type DocumentNode,
  type GraphQLError,
  type SourceLocation,
} from 'graphql';

export interface ShopifyError {
  message: string;
  locations?: SourceLocation[];
  path?: (string | number)[];
  extensions?: Record<string, unknown>;
}

/** The graphql-ruby style path to a node: operation, fields, fragments, argument. */
function pathTo(document: DocumentNode, target: ASTNode): string[] | undefined {
  const stack: string[] = [];
  let found: string[] | undefined;
  const push = (label: string, node: ASTNode) => {
    stack.push(label);
    if (node === target) {
      found = [...stack];
      return false;
    }
    return undefined;
  };
  const pop = () => {
    stack.pop();
  };
  visit(document, {
    OperationDefinition: {
      enter: (node) =>
        push(node.name ? `${node.operation} ${node.name.value}` : node.operation, node),
      leave: pop,
    },
    FragmentDefinition: { enter: (node) => push(`fragment ${node.name.value}`, node), leave: pop },
    InlineFragment: {
      enter: (node) =>
        push(node.typeCondition ? `... on ${node.typeCondition.name.value}` : '...', node),
      leave: pop,
    },
    Field: { enter: (node) => push(node.alias?.value ?? node.name.value, node), leave: pop },
    Argument: { enter: (node) => push(node.name.value, node), leave: pop },
  });
  return found;
}

function withPlace(error: GraphQLError, document: DocumentNode | undefined): ShopifyError {
  const out: ShopifyError = { message: error.message };
  if (error.locations)
    out.locations = error.locations.map(({ line, column }) => ({ line, column }));
  const node = error.nodes?.[0];
  const path = document && node ? pathTo(document, node) : undefined;
  if (path) out.path = path;
  else if (error.path) out.path = [...error.path];
  return out;
}

type Rewrite = (
  match: RegExpExecArray,
  error: GraphQLError,
) => Omit<ShopifyError, 'locations' | 'path'>;

const REWRITES: [RegExp, Rewrite][] = [
  [
    /^Cannot query field "(\w+)" on type "(\w+)"\./,
    ([, fieldName, typeName]) => ({
      message: `Field '${fieldName}' doesn't exist on type '${typeName}'`,
      extensions: { code: 'undefinedField', typeName, fieldName },
    }),
  ],
  [
    /^Unknown argument "(\w+)" on field "(\w+)\.(\w+)"\./,
    ([, argumentName, , fieldName]) => ({
      message: `Field '${fieldName}' doesn't accept argument '${argumentName}'`,
      extensions: { code: 'argumentNotAccepted', name: fieldName, typeName: 'Field', argumentName },
    }),
  ],
  [
    /^Field "(\w+)" argument "(\w+)" of type ".+" is required, but it was not provided\./,
    ([, name, argument]) => ({
      message: `Field '${name}' is missing required arguments: ${argument}`,
      extensions: {
        code: 'missingRequiredArguments',
        className: 'Field',
        name,
        arguments: argument,
      },
    }),
  ],
  [
    /^Field "(\w+)" of type "(.+)" must have a selection of subfields\./,
    ([, name, typeName]) => ({
      message: `Field must have selections (field '${name}' returns ${typeName} but has no selections. Did you mean '${name} { ... }'?)`,
      extensions: { code: 'selectionMismatch', nodeName: `field '${name}'`, typeName },
    }),
  ],
  [
    /^Field "(\w+)" must not have a selection since type "(.+)" has no subfields\./,
    ([, name, typeName], error) => {
      const node = error.nodes?.[0];
      const selections =
        node?.kind === Kind.FIELD
          ? (node.selectionSet?.selections ?? []).map((s) =>
              s.kind === Kind.FIELD ? s.name.value : print(s),
            )
          : [];
      return {
        message: `Selections can't be made on scalars (field '${name}' returns ${typeName} but has selections [${selections.join(', ')}])`,
        extensions: { code: 'selectionMismatch', nodeName: `field '${name}'`, typeName },
      };
    },
  ],
  [
    /^Unknown type "(\w+)"\./,
    ([, typeName]) => ({
      message: `No such type ${typeName}, so it can't be a fragment condition`,
      extensions: { code: 'undefinedType', typeName },
    }),
  ],
  [
    /^Variable "\$(\w+)" is never used/,
    ([, name]) => ({
      message: `Variable $${name} is declared by anonymous query but not used`,
      extensions: { code: 'variableNotUsed', variableName: name },
    }),
  ],
];

/** A validation error from graphql-js, worded and placed as Shopify would. */
export function shopifyValidationError(error: GraphQLError, document: DocumentNode): ShopifyError {
  const placed = withPlace(error, document);
  for (const [pattern, rewrite] of REWRITES) {
    const match = pattern.exec(error.message);
    if (match) return { ...placed, ...rewrite(match, error) };
  }
  return placed;
}

/** A syntax error, in graphql-ruby's wording: `syntax error, unexpected ... at [line, column]`. */
export function shopifySyntaxError(error: GraphQLError): ShopifyError {
  const location = error.locations?.[0];
  const detail = error.message.replace(/^Syntax Error: /, '').replace(/\.$/, '');
  const at = location ? ` at [${location.line}, ${location.column}]` : '';
  return {
    message: `syntax error, ${detail}${at}`,
    ...(location ? { locations: [{ line: location.line, column: location.column }] } : {}),
  };
}

/**
 * A variable that does not coerce to its declared type, as graphql-ruby reports it:
 * `Variable $id of type ID! was provided invalid value`, with the value and the problem.
 */
export function shopifyVariableError(
  error: GraphQLError,
  variableTypes: Map<string, string>,
  variables: Record<string, unknown>,
): ShopifyError {
  const match =
    /^Variable "\$(\w+)" (?:of required type "[^"]+" was not provided|got invalid value .*?)(?:; (.*))?\.?$/s.exec(
      error.message,
    );
  if (!match) return withPlace(error, undefined);
  const name = match[1]!;
  const explanation = match[2] ?? 'Expected value to not be null';
  return {
    message: `Variable $${name} of type ${variableTypes.get(name) ?? 'unknown'} was provided invalid value`,
    ...(error.locations
      ? { locations: error.locations.map(({ line, column }) => ({ line, column })) }
      : {}),
    extensions: {
      value: variables[name] ?? null,
      problems: [{ path: [], explanation: explanation.replace(/\.$/, '') }],
    },
  };
}

/** Any other error (resolver errors, emulator refusals), with its place and extensions. */
export function shopifyExecutionError(error: GraphQLError, document?: DocumentNode): ShopifyError {
  const out = withPlace(error, error.path ? undefined : document);
  if (error.path) out.path = [...error.path];
  if (error.extensions && Object.keys(error.extensions).length > 0) {
    out.extensions = { ...error.extensions };
  }
  return out;
}
