/** The console's pages in the left navigation and the command menu, in order; `group` puts one under a heading. */
export interface NavigationItem {
  label: string;
  to: string;
  group?: 'Admin';
}

export const NAVIGATION: NavigationItem[] = [
  { label: 'Flags', to: '/' },
  { label: 'Projects', to: '/projects' },
];
