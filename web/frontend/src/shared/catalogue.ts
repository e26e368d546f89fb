// The ProductAI model catalogue (prices, accepted options), shared with the server as is.
export * from '../../../../src/productai/catalogue.ts';
