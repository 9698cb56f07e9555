import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', '.vitest-tmp/', '.bench-tmp/', 'data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  // CommonJS tool configuration (dependency-cruiser reads .dependency-cruiser.cjs).
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { module: 'writable' } } },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: "Property[key.name='synchronize'][value.value=true]", message: 'Schema changes go through migrations.' },
      ],
    },
  },
);
