// Wall-clock times in the shop's time zone, shared with the server as is (Intl only).
export * from '../../../../src/app-api/zoned-time.ts';
