import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

const migrationsOnly = [
  { selector: "Property[key.name='synchronize'][value.value=true]", message: 'Schema changes go through migrations.' },
];

const everywhere = [
  ...migrationsOnly,
  {
    selector: "NewExpression[callee.name='AppError']",
    message: 'Errors are named factories: add one to <module>.errors.ts (or core/errors for the generic ones) and throw what it returns.',
  },
];

/**
 * What the own route pipeline (src/core/http/own-route-pipeline.ts) refuses at start-up, refused here in the editor
 * first (its spec pins the start-up refusals).
 */
const ownRoutePipeline = [
  {
    selector: "CallExpression[callee.name='createParamDecorator']",
    message: "Our routes do not run Nest's custom parameter decorators: read the request with RequestValue (own-route-pipeline.ts).",
  },
  {
    selector: 'CallExpression[callee.name=/^(Body|Query)$/][arguments.length>0]',
    message: 'A route reads the whole body and query (`@Body() body: SomeDto`, `@Query() query: SomeQuery`), without a name or pipes.',
  },
  {
    selector: "CallExpression[callee.name='Param'][arguments.length>1] > Identifier.arguments:not(:first-child)",
    message: 'A path parameter takes pipes as instances (`new SomePipe()`), never as classes.',
  },
  {
    selector: 'CallExpression[callee.name=/^(Session|UploadedFile|UploadedFiles|HostParam|Next|Cookies|SignedCookies|RawBody)$/]',
    message: 'A route of an ApiController reads only the body, query, path, a header by name (`@Headers(name)`), ip, request and response.',
  },
];

const controllers = [
  {
    selector: "CallExpression[callee.name='Param'][arguments.length>0]",
    message:
      "Read the path whole: `@Param() { projectId }: ProjectPath` (shared classes in src/core/http/route-paths.ts, a module's own in <module>.paths.ts); a whole-number id is `@IntParam(name)`.",
  },
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', '.vitest-tmp/', '.bench-tmp/', 'data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  // CommonJS tool configuration (dependency-cruiser reads .dependency-cruiser.cjs).
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { module: 'writable' } } },
  // Node scripts (scripts/*.mjs).
  { files: ['scripts/**/*.mjs'], languageOptions: { globals: { process: 'readonly', URL: 'readonly', console: 'readonly' } } },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', ...everywhere],
    },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/**/*.spec.ts'],
    rules: { 'no-restricted-syntax': ['error', ...everywhere, ...ownRoutePipeline] },
  },
  {
    files: ['src/**/*.controller.ts'],
    rules: { 'no-restricted-syntax': ['error', ...everywhere, ...ownRoutePipeline, ...controllers] },
  },
  // Where the named error factories are written.
  {
    files: ['src/core/errors/**/*.ts', '**/*.errors.ts'],
    rules: { 'no-restricted-syntax': ['error', ...migrationsOnly] },
  },
);
