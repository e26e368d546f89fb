// How every date is written: on the shop's clock, labelled where the reader's differs.
export * from '../../../../src/app-api/shop-time.ts';
