// A rule's bounds, shared with the server's contract as is.
export * from '../../../../src/app-api/rule-limits.ts';
