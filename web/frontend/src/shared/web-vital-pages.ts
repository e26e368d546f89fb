// The Web Vitals report's names, pages and bounds, shared with the server's contract as is.
export * from '../../../../src/app-api/web-vital-pages.ts';
