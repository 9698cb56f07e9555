import { SYSTEM_USER_ID, SYSTEM_USER_NAME } from '../../src/core/access/principal.js';
import { EnvironmentStore } from '../../src/modules/environments/environment.store.js';
import { FeatureEnvironmentStore } from '../../src/modules/features/feature-environment.store.js';
import { FeatureStore } from '../../src/modules/features/feature.store.js';
import { ProjectStore } from '../../src/modules/projects/project.store.js';
import { SegmentStore } from '../../src/modules/segments/segment.store.js';
import type { TestApp } from './test-app.js';

/**
 * State for a suite that tests something else (strategies, permissions, segments), written through the owning
 * modules' stores: no route of another module runs, so no event or default strategy appears that the suite would
 * have to account for, and the SQL stays the owners'. One helper per need; extend one before adding a second.
 */
function store<T>(t: TestApp, token: abstract new (...args: never[]) => T): T {
  return t.app.get(token, { strict: false });
}

/** A project with its environments enabled (development and production unless told). */
export async function seedProject(
  t: TestApp,
  id: string,
  {
    environments = ['development', 'production'],
    defaultStickiness = 'default',
  }: { environments?: string[]; defaultStickiness?: string } = {},
): Promise<void> {
  await store(t, ProjectStore).insert({ id, name: id, description: null, defaultStickiness }, t.clock.now());
  for (const environment of environments) await store(t, EnvironmentStore).enableInProject(id, environment);
}

/** An enabled environment, in no project yet. */
export async function seedEnvironment(t: TestApp, name: string, type = 'test'): Promise<void> {
  await store(t, EnvironmentStore).insert({ name, type, sortOrder: 9999, enabled: true }, t.clock.now());
}

/**
 * A release feature with its (switched off) state in development and production; `enabledIn` lists the
 * environments where it is switched on.
 */
export async function seedFeature(t: TestApp, name: string, project = 'default', enabledIn: string[] = []): Promise<void> {
  await store(t, FeatureStore).insert(
    { name, project, type: 'release', description: null, impressionData: false },
    SYSTEM_USER_ID,
    t.clock.now(),
  );
  for (const environment of ['development', 'production']) {
    await store(t, FeatureEnvironmentStore).ensure(name, environment);
    if (enabledIn.includes(environment)) await store(t, FeatureEnvironmentStore).setEnabled(name, environment, true);
  }
}

/** A segment without constraints, global unless it names a project; answers its id. */
export async function seedSegment(t: TestApp, name: string, project: string | null = null): Promise<number> {
  const segment = await store(t, SegmentStore).insert(
    { name, description: null, project, constraints: [] },
    SYSTEM_USER_NAME,
    t.clock.now(),
  );
  if (!segment) throw new Error(`The segment ${name} exists already.`);
  return segment.id;
}
