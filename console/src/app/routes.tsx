import { createBrowserRouter, type RouteObject } from 'react-router';
import { basePath } from '../api/client';
import { Shell } from './Shell';

/** Each page is its own chunk, loaded when first shown: the flags page does not carry the others' code. */
const page = (load: () => Promise<{ default: React.ComponentType }>): RouteObject['lazy'] => {
  return async () => ({ Component: (await load()).default });
};

export const routes: RouteObject[] = [
  { path: 'login', lazy: page(() => import('../pages/LoginPage')) },
  { path: 'forgotten-password', lazy: page(() => import('../pages/identity/ForgottenPasswordPage')) },
  { path: 'reset-password', lazy: page(() => import('../pages/identity/ResetPasswordPage')) },
  { path: 'new-user', lazy: page(() => import('../pages/identity/NewUserPage')) },
  { path: 'invite/:token', lazy: page(() => import('../pages/identity/InviteRedirect')) },
  {
    path: '/',
    Component: Shell,
    children: [
      { index: true, lazy: page(() => import('../pages/FlagsPage')) },
      { path: 'flags/:projectId/:featureName', lazy: page(() => import('../pages/FlagPage')) },
      { path: 'projects', lazy: page(() => import('../pages/ProjectsPage')) },
      { path: 'projects/:projectId', lazy: page(() => import('../pages/project/ProjectPage')) },
      { path: 'projects/:projectId/settings/:tab?', lazy: page(() => import('../pages/project/ProjectSettingsPage')) },
      { path: 'profile', lazy: page(() => import('../pages/ProfilePage')) },
      { path: 'archive', lazy: page(() => import('../pages/ArchivePage')) },
      { path: 'playground', lazy: page(() => import('../pages/insights/PlaygroundPage')) },
      { path: 'context-fields', lazy: page(() => import('../pages/configure/ContextFieldsPage')) },
      { path: 'events', lazy: page(() => import('../pages/insights/EventsPage')) },
      { path: 'applications', lazy: page(() => import('../pages/insights/ApplicationsPage')) },
      { path: 'segments', lazy: page(() => import('../pages/configure/SegmentsPage')) },
      { path: 'admin/environments', lazy: page(() => import('../pages/configure/EnvironmentsPage')) },
      { path: 'admin/strategy-types', lazy: page(() => import('../pages/configure/StrategyTypesPage')) },
      { path: 'admin/tag-types', lazy: page(() => import('../pages/configure/TagTypesPage')) },
      { path: 'admin/users', lazy: page(() => import('../pages/admin/UsersPage')) },
      { path: 'admin/invite-links', lazy: page(() => import('../pages/admin/InviteLinksPage')) },
      { path: 'admin/service-accounts', lazy: page(() => import('../pages/admin/ServiceAccountsPage')) },
      { path: 'admin/groups', lazy: page(() => import('../pages/admin/GroupsPage')) },
      { path: 'admin/roles', lazy: page(() => import('../pages/admin/RolesPage')) },
      { path: 'admin/api-tokens', lazy: page(() => import('../pages/admin/ApiTokensPage')) },
      { path: 'admin/single-sign-on', lazy: page(() => import('../pages/admin/SingleSignOnPage')) },
      { path: '*', lazy: page(() => import('../pages/NotFoundPage')) },
    ],
  },
];

export const router = createBrowserRouter(routes, { basename: basePath || '/' });
