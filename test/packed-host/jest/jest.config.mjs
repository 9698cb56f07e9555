// How a NestJS 12 host runs Jest on Node 20: Nest 12 is ESM, so Jest runs in its ESM mode
// (node --experimental-vm-modules) and @swc/jest compiles TypeScript with decorator metadata.
export default {
  rootDir: '..',
  testEnvironment: 'node',
  // Booting the application runs Flagwright's migrations: seconds on PostgreSQL.
  testTimeout: 60_000,
  testMatch: ['<rootDir>/jest/**/*.spec.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'es6' },
      },
    ],
  },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
};
