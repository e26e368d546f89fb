// The prompt's length limit, shared with the server's contract as is.
export * from '../../../../src/app-api/prompt-limits.ts';
