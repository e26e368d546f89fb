// The shop style's limits and which requests can carry its reference image, as the server has them.
export * from '../../../../src/app-api/style-limits.ts';
export * from '../../../../src/app-api/style-reference-fit.ts';
