// How long a forecast reads, rounded as the admin actions round it.
export * from '../../../../src/app-api/about-duration.ts';
