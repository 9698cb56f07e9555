import { randomUUID } from 'node:crypto';
import { SYSTEM_USER_ID, SYSTEM_USER_NAME } from '../../src/core/access/principal.js';
import type { Constraint } from '../../src/core/constraints/constraint.js';
import { ClientMetricsStore } from '../../src/modules/client-metrics/client-metrics.store.js';
import { EnvironmentStore } from '../../src/modules/environments/environment.store.js';
import { FeatureDependencyStore } from '../../src/modules/features/feature-dependency.store.js';
import { FeatureEnvironmentStore } from '../../src/modules/features/feature-environment.store.js';
import { FavoriteStore } from '../../src/modules/features/favorite.store.js';
import { FeatureLifecycleStore } from '../../src/modules/features/feature-lifecycle.store.js';
import type { FeatureVariant, LifecycleStageName } from '../../src/modules/features/feature.model.js';
import { FeatureStore } from '../../src/modules/features/feature.store.js';
import { GroupStore } from '../../src/modules/groups/group.store.js';
import { ProjectAccessStore } from '../../src/modules/project-access/project-access.store.js';
import { ProjectStore } from '../../src/modules/projects/project.store.js';
import type { CustomRoleType, RolePermission } from '../../src/modules/roles/role.model.js';
import { RoleStore } from '../../src/modules/roles/role.store.js';
import { SegmentStore } from '../../src/modules/segments/segment.store.js';
import { FeatureStrategyStore } from '../../src/modules/strategies/feature-strategy.store.js';
import type { StrategyVariant } from '../../src/modules/strategies/strategy.model.js';
import { FeatureTagStore } from '../../src/modules/tags/feature-tag.store.js';
import { TagTypeStore } from '../../src/modules/tags/tag-type.store.js';
import { ServiceAccountUserStore } from '../../src/modules/users/service-account-user.store.js';
import { UserStore } from '../../src/modules/users/user.store.js';
import type { TestApp } from './test-app.js';

/**
 * State for a suite that tests something else (strategies, permissions, segments), written through the owning
 * modules' stores: no route of another module runs, so no event or default strategy appears that the suite would
 * have to account for, and the SQL stays the owners'. One helper per need; extend one before adding a second.
 */
function store<T>(t: TestApp, token: abstract new (...args: never[]) => T): T {
  return t.app.get(token, { strict: false });
}

/**
 * Constraints and variants as a fixture gives them, which may leave out what the read side fills in (`inverted`,
 * `caseInsensitive`, a variant's `weightType`): the stores write them as JSON as they are.
 */
function stored<T>(items: object[]): T[] {
  return items as T[];
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

/** A segment (without constraints unless given), global unless it names a project; answers its id. */
export async function seedSegment(t: TestApp, name: string, project: string | null = null, constraints: object[] = []): Promise<number> {
  const segment = await store(t, SegmentStore).insert(
    { name, description: null, project, constraints: stored<Constraint>(constraints) },
    SYSTEM_USER_NAME,
    t.clock.now(),
  );
  if (!segment) throw new Error(`The segment ${name} exists already.`);
  return segment.id;
}

/** A feature as the client and frontend API tests need it: any type, stale or archived, in the environments it lists. */
export interface FeatureFixture {
  name: string;
  project?: string;
  type?: string;
  description?: string | null;
  stale?: boolean;
  impressionData?: boolean;
  archived?: boolean;
  /** Environments the feature has, with whether it is enabled there and its variants. */
  environments?: Record<string, { enabled: boolean; variants?: object[] }>;
}

export async function seedConfiguredFeature(t: TestApp, feature: FeatureFixture): Promise<void> {
  const features = store(t, FeatureStore);
  await features.insert(
    {
      name: feature.name,
      project: feature.project ?? 'default',
      type: feature.type ?? 'release',
      description: feature.description ?? null,
      impressionData: feature.impressionData ?? false,
    },
    SYSTEM_USER_ID,
    t.clock.now(),
  );
  if (feature.stale) await features.setStale([feature.name], true);
  if (feature.archived) await features.setArchivedAt(feature.name, t.clock.now());
  const environments = store(t, FeatureEnvironmentStore);
  for (const [environment, state] of Object.entries(feature.environments ?? {})) {
    await environments.ensure(feature.name, environment);
    if (state.enabled) await environments.setEnabled(feature.name, environment, true);
    if (state.variants?.length) await environments.setVariants(feature.name, environment, stored<FeatureVariant>(state.variants));
  }
}

export interface StrategyFixture {
  feature: string;
  /** The feature's project (default unless told). */
  project?: string;
  environment?: string;
  name?: string;
  title?: string | null;
  disabled?: boolean;
  parameters?: Record<string, string>;
  constraints?: object[];
  variants?: object[];
  segments?: number[];
  sortOrder?: number;
}

/** A strategy with its segment links; answers its id. */
export async function seedStrategy(t: TestApp, strategy: StrategyFixture): Promise<string> {
  const id = randomUUID();
  await store(t, FeatureStrategyStore).insertMany(
    [
      {
        id,
        featureName: strategy.feature,
        projectId: strategy.project ?? 'default',
        environment: strategy.environment ?? 'development',
        name: strategy.name ?? 'default',
        title: strategy.title ?? null,
        disabled: strategy.disabled ?? false,
        parameters: strategy.parameters ?? {},
        constraints: stored<Constraint>(strategy.constraints ?? []),
        variants: stored<StrategyVariant>(strategy.variants ?? []),
        segments: strategy.segments ?? [],
        sortOrder: strategy.sortOrder ?? 0,
      },
    ],
    SYSTEM_USER_ID,
    t.clock.now(),
  );
  return id;
}

/** The child's dependency on its parent (enabled, with no variants, unless told). */
export async function seedDependency(t: TestApp, child: string, parent: string, enabled = true, variants: string[] = []): Promise<void> {
  await store(t, FeatureDependencyStore).set(child, { feature: parent, enabled, variants });
}

/** A person (a Viewer unless told), created by the system user; answers the id. */
export async function seedPerson(
  t: TestApp,
  person: { username?: string; email?: string; name?: string; rootRole?: number; passwordHash?: string },
): Promise<number> {
  return store(t, UserStore).insert({
    username: person.username ?? null,
    email: person.email ?? null,
    name: person.name ?? null,
    passwordHash: person.passwordHash ?? null,
    rootRoleId: person.rootRole ?? 3,
    createdAt: t.clock.now(),
    createdByUserId: SYSTEM_USER_ID,
  });
}

/**
 * A service account (a Viewer unless told), created by the system user; answers the id. `passwordHash` plants a
 * password no route gives a service account, for the tests that show it is never accepted.
 */
export async function seedServiceAccount(
  t: TestApp,
  account: { username: string; name?: string; rootRole?: number; passwordHash?: string },
): Promise<number> {
  const created = await store(t, ServiceAccountUserStore).insert({
    username: account.username,
    name: account.name ?? account.username,
    rootRole: account.rootRole ?? 3,
    createdAt: t.clock.now(),
    createdByUserId: SYSTEM_USER_ID,
  });
  if (!created) throw new Error(`The username ${account.username} is taken.`);
  if (account.passwordHash !== undefined) await store(t, UserStore).setPasswordHash(created.id, account.passwordHash);
  return created.id;
}

/** A group (no root role) with the given members, added by the system user; answers its id. */
export async function seedGroup(t: TestApp, name: string, memberIds: number[] = []): Promise<number> {
  const groups = store(t, GroupStore);
  const id = await groups.insert({ name, description: null, mappingsSSO: [], rootRole: null }, SYSTEM_USER_NAME, t.clock.now());
  if (id === undefined) throw new Error(`The group ${name} exists already.`);
  if (memberIds.length) await groups.addMembers(id, memberIds, SYSTEM_USER_NAME, t.clock.now());
  return id;
}

/** One SDK report of the feature in development by the app `shop` in the hour starting at `hourStart` (one yes, one `red` variant). */
export async function seedMetricsHour(t: TestApp, feature: string, hourStart: Date): Promise<void> {
  const metrics = store(t, ClientMetricsStore);
  const at = { featureName: feature, environment: 'development', appName: 'shop', hourStart };
  await metrics.addHourlyCounts([{ ...at, yes: 1, no: 0 }]);
  await metrics.addVariantCounts([{ ...at, variant: 'red', count: 1 }]);
}

export async function seedTagType(t: TestApp, name: string, color: string | null): Promise<void> {
  await store(t, TagTypeStore).insert({ name, description: null, icon: null, color }, t.clock.now());
}

/** The tag on the feature (the tag value itself is not created: the feature's tags are what is read). */
export async function seedFeatureTag(t: TestApp, feature: string, type: string, value: string): Promise<void> {
  await store(t, FeatureTagStore).add(feature, { type, value }, SYSTEM_USER_ID, t.clock.now());
}

/** The feature's lifecycle stage, entered at `at`; `completed` takes its status. */
export async function seedLifecycleStage(t: TestApp, feature: string, stage: LifecycleStageName, at: Date, status?: string): Promise<void> {
  if (stage === 'completed' && status !== undefined) await store(t, FeatureLifecycleStore).complete(feature, status, at);
  else await store(t, FeatureLifecycleStore).enter(feature, stage, at);
}

export async function seedFavorite(t: TestApp, userId: number, feature: string): Promise<void> {
  await store(t, FavoriteStore).add(userId, feature, t.clock.now());
}

/** A custom project role granting one permission (in one environment when given); answers its id. */
export async function seedProjectRole(t: TestApp, name: string, permission: string, environment?: string): Promise<number> {
  return seedRole(t, { name, type: 'custom', permissions: [{ name: permission, environment }] });
}

/** A custom root role granting the permissions it lists (none unless told); answers its id. */
export async function seedRootRole(t: TestApp, name: string, permissions: string[] = [], description = ''): Promise<number> {
  return seedRole(t, { name, description, type: 'root-custom', permissions: permissions.map((permission) => ({ name: permission })) });
}

async function seedRole(
  t: TestApp,
  role: { name: string; description?: string; type: CustomRoleType; permissions: RolePermission[] },
): Promise<number> {
  const roles = store(t, RoleStore);
  const id = await roles.insert({ name: role.name, description: role.description ?? '', type: role.type }, t.clock.now());
  if (id === undefined) throw new Error(`The role ${role.name} exists already.`);
  await roles.replacePermissions(id, role.permissions);
  return id;
}

/** Gives the user the role in the project. */
export async function seedProjectAssignment(t: TestApp, project: string, userId: number, roleId: number): Promise<void> {
  await store(t, ProjectAccessStore).assign(project, 'user', [userId], [roleId], SYSTEM_USER_NAME, t.clock.now());
}
