/**
 * The permission catalogue, with Unleash's names. A permission is granted at one of three scopes:
 * - root: anywhere (e.g. CREATE_PROJECT);
 * - project: in one project (e.g. CREATE_FEATURE in project p1);
 * - environment: in one project and one environment (e.g. UPDATE_FEATURE_STRATEGY in p1/production).
 */
export const ROOT_PERMISSIONS = [
  'ADMIN',
  'CREATE_PROJECT',
  'CREATE_STRATEGY',
  'UPDATE_STRATEGY',
  'DELETE_STRATEGY',
  'CREATE_CONTEXT_FIELD',
  'UPDATE_CONTEXT_FIELD',
  'DELETE_CONTEXT_FIELD',
  'CREATE_SEGMENT',
  'UPDATE_SEGMENT',
  'DELETE_SEGMENT',
  'CREATE_TAG_TYPE',
  'UPDATE_TAG_TYPE',
  'DELETE_TAG_TYPE',
  'UPDATE_APPLICATION',
  'CREATE_ENVIRONMENT',
  'UPDATE_ENVIRONMENT',
  'DELETE_ENVIRONMENT',
  'READ_ROLE',
  'CREATE_CLIENT_API_TOKEN',
  'READ_CLIENT_API_TOKEN',
  'UPDATE_CLIENT_API_TOKEN',
  'DELETE_CLIENT_API_TOKEN',
  'CREATE_FRONTEND_API_TOKEN',
  'READ_FRONTEND_API_TOKEN',
  'UPDATE_FRONTEND_API_TOKEN',
  'DELETE_FRONTEND_API_TOKEN',
  'READ_LOGS',
] as const;

export const PROJECT_PERMISSIONS = [
  'CREATE_FEATURE',
  'UPDATE_FEATURE',
  'DELETE_FEATURE',
  'UPDATE_FEATURE_VARIANTS',
  'UPDATE_FEATURE_DEPENDENCY',
  'MOVE_FEATURE_TOGGLE',
  'UPDATE_PROJECT',
  'DELETE_PROJECT',
  'UPDATE_PROJECT_SEGMENT',
  'UPDATE_PROJECT_CONTEXT',
  'PROJECT_USER_ACCESS_READ',
  'PROJECT_USER_ACCESS_WRITE',
  'CREATE_PROJECT_API_TOKEN',
  'READ_PROJECT_API_TOKEN',
  'DELETE_PROJECT_API_TOKEN',
] as const;

export const ENVIRONMENT_PERMISSIONS = [
  'CREATE_FEATURE_STRATEGY',
  'UPDATE_FEATURE_STRATEGY',
  'DELETE_FEATURE_STRATEGY',
  'UPDATE_FEATURE_ENVIRONMENT',
  'UPDATE_FEATURE_ENVIRONMENT_VARIANTS',
] as const;

export type RootPermission = (typeof ROOT_PERMISSIONS)[number];
export type ProjectPermission = (typeof PROJECT_PERMISSIONS)[number];
export type EnvironmentPermission = (typeof ENVIRONMENT_PERMISSIONS)[number];
export type Permission = RootPermission | ProjectPermission | EnvironmentPermission;
export type PermissionScope = 'root' | 'project' | 'environment';

const SCOPES = new Map<string, PermissionScope>([
  ...ROOT_PERMISSIONS.map((p) => [p, 'root'] as const),
  ...PROJECT_PERMISSIONS.map((p) => [p, 'project'] as const),
  ...ENVIRONMENT_PERMISSIONS.map((p) => [p, 'environment'] as const),
]);

export function permissionScope(permission: string): PermissionScope | undefined {
  return SCOPES.get(permission);
}

export const ALL_PERMISSIONS: readonly Permission[] = [...ROOT_PERMISSIONS, ...PROJECT_PERMISSIONS, ...ENVIRONMENT_PERMISSIONS];

/** Ids of the built-in roles; they are seeded with these ids and cannot be changed or removed. */
export const ROLE = { ADMIN: 1, EDITOR: 2, VIEWER: 3, OWNER: 4, MEMBER: 5, READER: 6 } as const;

/** The project every Editor works in by default, and where project-scoped root-role grants apply. */
export const DEFAULT_PROJECT = 'default';

export interface BuiltInRole {
  id: number;
  name: string;
  description: string;
  type: 'root' | 'project';
  permissions: Permission[];
}

const FEATURE_WORK: Permission[] = [
  'CREATE_FEATURE',
  'UPDATE_FEATURE',
  'DELETE_FEATURE',
  'UPDATE_FEATURE_VARIANTS',
  'UPDATE_FEATURE_DEPENDENCY',
  'CREATE_FEATURE_STRATEGY',
  'UPDATE_FEATURE_STRATEGY',
  'DELETE_FEATURE_STRATEGY',
  'UPDATE_FEATURE_ENVIRONMENT',
  'UPDATE_FEATURE_ENVIRONMENT_VARIANTS',
  'UPDATE_PROJECT_SEGMENT',
];

/** Built-in roles. Environment-scoped grants of built-in roles hold in every environment. */
export const BUILT_IN_ROLES: BuiltInRole[] = [
  {
    id: ROLE.ADMIN,
    name: 'Admin',
    description:
      'Users with the root admin role have superuser access to Unleash and can perform any operation within the Unleash platform.',
    type: 'root',
    permissions: ['ADMIN'],
  },
  {
    id: ROLE.EDITOR,
    name: 'Editor',
    description:
      'Users with the root editor role have access to most features in Unleash, but can not manage users and roles in the root scope. Editors will be added as project owners when creating projects and get superuser rights within the context of these projects. Users with the editor role will also get access to most permissions on the default project by default.',
    type: 'root',
    permissions: [
      'CREATE_PROJECT',
      'CREATE_SEGMENT',
      'UPDATE_SEGMENT',
      'DELETE_SEGMENT',
      'CREATE_TAG_TYPE',
      'UPDATE_TAG_TYPE',
      'DELETE_TAG_TYPE',
      'CREATE_CONTEXT_FIELD',
      'UPDATE_CONTEXT_FIELD',
      'DELETE_CONTEXT_FIELD',
      'UPDATE_APPLICATION',
      'READ_CLIENT_API_TOKEN',
      'READ_FRONTEND_API_TOKEN',
      ...FEATURE_WORK,
    ],
  },
  {
    id: ROLE.VIEWER,
    name: 'Viewer',
    description:
      'Users with the root viewer role can only read root resources in Unleash. Viewers can be added to specific projects as project members. Users with the viewer role may not view API tokens.',
    type: 'root',
    permissions: [],
  },
  {
    id: ROLE.OWNER,
    name: 'Owner',
    description:
      'Users with the project owner role have full control over the project, and can add and manage other users within the project context, manage feature flags within the project, and control advanced project features like archiving and deleting the project.',
    type: 'project',
    permissions: [...PROJECT_PERMISSIONS, ...ENVIRONMENT_PERMISSIONS],
  },
  {
    id: ROLE.MEMBER,
    name: 'Member',
    description:
      "Users with the project member permission are allowed to view, create, and update feature flags within a project, but have limited permissions in regards to managing the project's user access and can not archive or delete the project.",
    type: 'project',
    permissions: [...FEATURE_WORK, 'READ_PROJECT_API_TOKEN', 'CREATE_PROJECT_API_TOKEN', 'DELETE_PROJECT_API_TOKEN'],
  },
  {
    id: ROLE.READER,
    name: 'Reader',
    description: 'Users with the project reader role can view the project, but can not make changes to it.',
    type: 'project',
    permissions: [],
  },
];
