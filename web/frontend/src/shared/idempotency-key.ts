// One key per click that creates generations, shared with the extensions as is.
export * from '../../../../src/app-api/idempotency-key.ts';
