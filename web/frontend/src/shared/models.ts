// The models and options as the screens offer them, shared with the admin extensions as is.
export * from '../../../../src/app-api/models.ts';
