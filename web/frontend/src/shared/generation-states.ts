// Generation states and which are terminal, shared with the server as is (no zod).
export * from '../../../../src/app-api/generation-states.ts';
