import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Dialog, DialogTrigger, Link, Modal, ModalOverlay, RouterProvider } from 'react-aria-components';
import { NavLink, Outlet, useHref, useLocation, useNavigate } from 'react-router';
import { api, onSignedOut } from '../api/client';
import { NAVIGATION } from './navigation';
import { useMe } from './session';
import { currentTheme, setTheme, type Theme } from './theme';

const CommandMenu = lazy(() => import('./CommandMenu'));

/**
 * The frame of every signed-in page: left navigation, header with the command menu, theme and the user's menu. On a
 * narrow screen the navigation is behind the header's Menu button, in a dialog (Escape or a chosen page closes it).
 */
export function Shell() {
  const navigate = useNavigate();
  const location = useLocation();
  const me = useMe();
  const queryClient = useQueryClient();
  const [theme, setShownTheme] = useState<Theme>(currentTheme);
  const [commandMenuOpen, setCommandMenuOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    const toLogin = () => {
      queryClient.clear();
      navigate(`/login?next=${encodeURIComponent(location.pathname + location.search)}`, { replace: true });
    };
    return onSignedOut(toLogin);
  }, [navigate, location, queryClient]);

  useEffect(() => {
    const open = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setCommandMenuOpen(true);
      }
    };
    window.addEventListener('keydown', open);
    return () => window.removeEventListener('keydown', open);
  }, []);

  const toggleTheme = () => {
    const next = theme === 'dark' ? 'light' : 'dark';
    setTheme(next);
    setShownTheme(next);
  };

  const signOut = async () => {
    await api.POST('/logout');
    queryClient.clear();
    navigate('/login', { replace: true });
  };

  if (!me.data) {
    return (
      <div className="shell-loading" aria-busy="true">
        {me.error ? <p role="alert">{me.error.message}</p> : <span className="skeleton" role="status" aria-label="Loading" />}
      </div>
    );
  }
  return (
    <RouterProvider navigate={navigate} useHref={useHref}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="shell">
        <header className="shell-header">
          <DialogTrigger isOpen={menuOpen} onOpenChange={setMenuOpen}>
            <Button className="button quiet menu-button">Menu</Button>
            <ModalOverlay isDismissable className="drawer-overlay">
              <Modal className="drawer menu-drawer">
                <Dialog aria-label="Menu" className="dialog">
                  <Button slot="close" className="button quiet">
                    Close menu
                  </Button>
                  <nav className="nav-links" aria-label="Main">
                    <NavigationLinks onNavigate={() => setMenuOpen(false)} />
                  </nav>
                </Dialog>
              </Modal>
            </ModalOverlay>
          </DialogTrigger>
          <Link href="/" className="brand">
            Flagwright
          </Link>
          <Button className="command-trigger" onPress={() => setCommandMenuOpen(true)}>
            Search or jump to… <kbd>Ctrl K</kbd>
          </Button>
          <div className="header-actions">
            <Button className="button quiet" onPress={toggleTheme} aria-label={theme === 'dark' ? 'Use light theme' : 'Use dark theme'}>
              {theme === 'dark' ? '☀' : '☾'}
            </Button>
            <Link href="/profile" className="button quiet">
              {me.data.user.name || me.data.user.username || me.data.user.email}
            </Link>
            <Button className="button quiet" onPress={signOut}>
              Sign out
            </Button>
          </div>
        </header>
        <nav className="shell-nav nav-links" aria-label="Main">
          <NavigationLinks />
        </nav>
        <main id="main" className="shell-main">
          <Outlet />
        </main>
      </div>
      {commandMenuOpen && (
        <Suspense>
          <CommandMenu onClose={() => setCommandMenuOpen(false)} />
        </Suspense>
      )}
    </RouterProvider>
  );
}

/** The pages of the navigation, under their group's heading; `onNavigate` runs when one is chosen. */
function NavigationLinks({ onNavigate }: { onNavigate?: () => void }) {
  const groups = [...new Set(NAVIGATION.map((item) => item.group))];
  return groups.map((group) => (
    <ul key={group ?? 'main'} aria-label={group}>
      {group && <li className="nav-heading">{group}</li>}
      {NAVIGATION.filter((item) => item.group === group).map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={item.to === '/'} onClick={onNavigate}>
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  ));
}
