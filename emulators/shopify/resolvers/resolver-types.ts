/**
 * How resolvers are declared. The declaration is also the list of what the emulator supports:
 * a field that is not declared here is refused before execution (graphql/supported-selection.ts)
 * and an argument a resolver does not declare must keep its schema default (graphql/executor.ts).
 */
import type { GraphQLResolveInfo } from 'graphql';
import type { EmulatorContext } from '../emulator-context.ts';
import type { ShopRecord } from '../store/types.ts';

export interface ResolverContext {
  emu: EmulatorContext;
  shop: ShopRecord;
}

export type Args = Record<string, unknown>;

export type FieldResolver = (
  source: never,
  args: Args,
  ctx: ResolverContext,
  info: GraphQLResolveInfo,
) => unknown;

export interface FieldSpec {
  resolve: FieldResolver;
  /** Arguments the resolver honours; any other argument must be left at its default. */
  args?: readonly string[];
}

/** `true`: a plain property of the presented object, with no arguments honoured. */
export type TypeSpec = Record<string, FieldSpec | true>;

export type ResolverMap = Record<string, TypeSpec>;

/** Declares a resolver with the arguments it honours (keeps `source` typed at the call site). */
export function field<S, A extends Args = Args>(
  resolve: (source: S, args: A, ctx: ResolverContext, info: GraphQLResolveInfo) => unknown,
  args: readonly string[] = [],
): FieldSpec {
  return { resolve: resolve as unknown as FieldResolver, args };
}

/** Plain properties, for objects the presenters build with exactly these keys. */
export function plain(...names: string[]): TypeSpec {
  return Object.fromEntries(names.map((name) => [name, true as const]));
}

/** Object presented to GraphQL; `__typename` picks the concrete type of interfaces. */
export type Presented = { __typename: string } & Record<string, unknown>;
