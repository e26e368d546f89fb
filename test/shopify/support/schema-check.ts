/**
 * Checks a GraphQL document against a schema the way Shopify would (graphql-js validation) and,
 * beyond that, rejects anything the schema marks deprecated: fields, arguments, input fields
 * and enum values (literal ones in the document). Shopify keeps deprecated parts working until
 * they are removed in a later version, so validation alone would not catch them.
 */
import {
  TypeInfo,
  getNamedType,
  isEnumType,
  isInputObjectType,
  parse,
  validate,
  visit,
  visitWithTypeInfo,
  type GraphQLSchema,
} from 'graphql';

export interface DocumentProblems {
  errors: string[];
  deprecations: string[];
}

export function checkDocument(schema: GraphQLSchema, source: string): DocumentProblems {
  let document;
  try {
    document = parse(source);
  } catch (error) {
    return { errors: [(error as Error).message], deprecations: [] };
  }
  const errors = validate(schema, document).map((error) => error.message);
  const deprecations: string[] = [];
  const typeInfo = new TypeInfo(schema);
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field() {
        const field = typeInfo.getFieldDef();
        const parent = typeInfo.getParentType();
        if (field?.deprecationReason != null)
          deprecations.push(`field ${parent?.name}.${field.name}: ${field.deprecationReason}`);
      },
      Argument() {
        const argument = typeInfo.getArgument();
        const field = typeInfo.getFieldDef();
        if (argument?.deprecationReason != null)
          deprecations.push(
            `argument ${field?.name}(${argument.name}): ${argument.deprecationReason}`,
          );
      },
      ObjectField(node) {
        // typeInfo's input type here is the field's own type; look the field up on the parent.
        const parent = getNamedType(typeInfo.getParentInputType());
        if (!isInputObjectType(parent)) return;
        const inputField = parent.getFields()[node.name.value];
        if (inputField?.deprecationReason != null)
          deprecations.push(
            `input field ${parent.name}.${inputField.name}: ${inputField.deprecationReason}`,
          );
      },
      EnumValue(node) {
        const type = getNamedType(typeInfo.getInputType());
        if (!isEnumType(type)) return;
        const value = type.getValue(node.value);
        if (value?.deprecationReason != null)
          deprecations.push(`enum value ${type.name}.${value.name}: ${value.deprecationReason}`);
      },
    }),
  );
  return { errors, deprecations };
}
