/** The console's pages in the left navigation and the command menu, in order; `group` puts one under a heading. */
export interface NavigationItem {
  label: string;
  to: string;
  group?: 'Admin';
}

export const NAVIGATION: NavigationItem[] = [
  { label: 'Flags', to: '/' },
  { label: 'Projects', to: '/projects' },
  { label: 'Archive', to: '/archive' },
  { label: 'Playground', to: '/playground' },
  { label: 'Event log', to: '/events' },
  { label: 'Applications', to: '/applications' },
  { label: 'Users', to: '/admin/users', group: 'Admin' },
  { label: 'Invite links', to: '/admin/invite-links', group: 'Admin' },
  { label: 'Service accounts', to: '/admin/service-accounts', group: 'Admin' },
  { label: 'Groups', to: '/admin/groups', group: 'Admin' },
  { label: 'Roles', to: '/admin/roles', group: 'Admin' },
  { label: 'API tokens', to: '/admin/api-tokens', group: 'Admin' },
  { label: 'Single sign-on', to: '/admin/single-sign-on', group: 'Admin' },
  { label: 'Environments', to: '/admin/environments', group: 'Admin' },
  { label: 'Strategy types', to: '/admin/strategy-types', group: 'Admin' },
  { label: 'Tag types', to: '/admin/tag-types', group: 'Admin' },
  { label: 'Context fields', to: '/context-fields', group: 'Admin' },
  { label: 'Segments', to: '/segments', group: 'Admin' },
];
