// One lint setup for the whole repository: typescript-eslint's recommended rules on every
// TypeScript file, with the type-aware ones where a tsconfig covers the file.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      '.cache/',
      '.demo/',
      'test-artifacts/',
      '**/dist/',
      // Written by graphql-codegen (scripts/admin-codegen.ts), checked by the compiler.
      'src/shopify/generated/',
      // Written by the Shopify CLI (`shopify app build|dev`): the `shopify` global's types.
      'extensions/*/shopify.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error'] }],
    },
  },
  {
    // Command-line entry points and benchmarks print to the terminal on purpose.
    files: ['scripts/**', 'bench/**', 'dev/demo.ts', 'emulators/*/cli.ts'],
    rules: { 'no-console': 'off' },
  },
);
