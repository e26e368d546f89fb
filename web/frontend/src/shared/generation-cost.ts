// What a generation cost, decided in one place with the server's contract.
export * from '../../../../src/app-api/generation-cost.ts';
