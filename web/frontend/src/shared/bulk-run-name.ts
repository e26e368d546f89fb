// A bulk run's name, the same in the app home and the admin extensions.
export * from '../../../../src/app-api/bulk-run-name.ts';
