// Which results an experiment may test together and its splits, shared with the server as is.
export * from '../../../../src/app-api/experiment-arms.ts';
