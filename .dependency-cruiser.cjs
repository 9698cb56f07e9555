/** Module boundaries, checked by `npm run lint`: see docs/architecture.md ("Modules and their boundaries"). */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycles anywhere in src/.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'only-public-entries-across-modules',
      comment: 'A module reaches another only through its index.ts; tests and their fakes (testing/) may reach internals.',
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/', pathNot: ['\\.spec\\.ts$', '^src/modules/[^/]+/testing/'] },
      to: { path: '^src/modules/([^/]+)/', pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'only-public-entries-from-outside',
      comment: 'Outside src/modules/, the library reaches a module only through its index.ts.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/modules/', '\\.spec\\.ts$'] },
      to: { path: '^src/modules/', pathNot: '^src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'core-imports-no-module',
      comment: 'core/ is what modules stand on; it knows none of them.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: '^src/(modules/|feature-flags\\.module|index\\.ts|standalone/)' },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
  },
};
