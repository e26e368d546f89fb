// An experiment's bounds, shared with the server's contract as is.
export * from '../../../../src/app-api/experiment-limits.ts';
