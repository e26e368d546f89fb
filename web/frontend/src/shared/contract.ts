// The server's JSON contract, types only: importing a value from it would bundle zod.
export type * from '../../../../src/app-api/contract.ts';
