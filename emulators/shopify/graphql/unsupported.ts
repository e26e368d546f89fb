/**
 * Refusals of what the emulator does not serve. They carry their own code, so a test or a log
 * tells a gap in the emulator from a mistake in the app (which gets Shopify's own errors).
 */
import { GraphQLError, type ASTNode } from 'graphql';

export const UNSUPPORTED_CODE = 'EMULATOR_UNSUPPORTED';

/** "`what` is not supported by the Shopify emulator", with `why` after a colon when given. */
export function unsupported(
  what: string,
  detail: { why?: string; nodes?: readonly ASTNode[] } = {},
): GraphQLError {
  const why = detail.why ? `: ${detail.why}` : '';
  return new GraphQLError(`${what} is not supported by the Shopify emulator${why}`, {
    ...(detail.nodes ? { nodes: detail.nodes } : {}),
    extensions: { code: UNSUPPORTED_CODE },
  });
}
