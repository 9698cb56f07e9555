import { resolve } from 'node:path';
import ts from 'typescript';
import { consoleTypes } from '../../scripts/console-types.mjs';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

interface Document {
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, { properties: Record<string, unknown>; required?: string[] }> };
}

const SCHEMA_FILE = resolve('console/src/api/schema.d.ts');

/** The console's type check (console/tsconfig.json) with `types` as its API types: each error as "file: message". */
function consoleErrors(types: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    resolve('console/tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  )!;
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  host.readFile = (file) => (resolve(file) === SCHEMA_FILE ? types : readFile(file));
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (file, language, ...rest) =>
    resolve(file) === SCHEMA_FILE ? ts.createSourceFile(file, types, language) : getSourceFile(file, language, ...rest);
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, host });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const file = diagnostic.file ? `${diagnostic.file.fileName.slice(resolve('console').length + 1)}: ` : '';
    return `${file}${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n').split('\n')[0]}`;
  });
}

/**
 * The console's API types are generated from the service's OpenAPI document, so that a changed API fails the console's
 * build (its type check in `npm run build`), not its users: a route moved, a body property made required, an answer's
 * property renamed, each breaks exactly the console's code that uses it.
 */
describe('the console’s API types', () => {
  let t: TestApp;
  let document: Document;
  beforeAll(async () => {
    t = await createTestApp();
    document = (await t.http().get('/docs/openapi.json').expect(200)).body;
  });
  afterAll(() => t.close());

  it('fail the console’s type check where it uses what the document changed', async () => {
    const changed = structuredClone(document);
    changed.paths['/api/admin/profile'] = changed.paths['/api/admin/user'];
    delete changed.paths['/api/admin/user'];
    const login = changed.components.schemas.loginSchema;
    login.properties.otp = { type: 'string' };
    login.required = [...(login.required ?? []), 'otp'];
    const search = changed.components.schemas.searchFeaturesSchema;
    search.properties.count = search.properties.total;
    delete search.properties.total;
    search.required = search.required?.map((name) => (name === 'total' ? 'count' : name));

    const errors = consoleErrors(await consoleTypes(changed));
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^src\/app\/session\.ts: Argument of type '"\/api\/admin\/user"' is not assignable to parameter/),
        "src/pages/LoginPage.tsx: Property 'otp' is missing in type '{ username: string; password: string; }' but required in type '{ username: string; password: string; otp: string; }'.",
        expect.stringMatching(/^src\/pages\/FlagsPage\.tsx: Property 'total' does not exist on type '\{ features: .*; count: number; \}'/),
      ]),
    );
    // And only where the console uses what changed (the signed-in user's answer, the login's body, the search's total).
    expect(new Set(errors.map((error) => error.split(':')[0]))).toEqual(
      new Set([
        'src/app/session.ts',
        'src/app/Shell.tsx',
        'src/app/permissions.ts',
        'src/pages/ProfilePage.tsx',
        'src/pages/LoginPage.tsx',
        'src/pages/identity/InviteSignUpPage.tsx',
        'src/pages/FlagsPage.tsx',
        'src/pages/ArchivePage.tsx',
        'src/pages/project/ProjectPage.tsx',
      ]),
    );
  }, 600_000);
});
