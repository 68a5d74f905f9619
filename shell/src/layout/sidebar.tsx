import { memo, useMemo, type ComponentType } from 'react';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Dashboard from '@mui/icons-material/Dashboard';
import { NavLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useRemoteNav } from './use-remote-nav';
import { useStaffAccess } from '../staff/hooks/use-staff-access';

interface NavItem {
  to: string;
  label: string;
  Icon: ComponentType;
  /** 0..1000; the shell's Dashboard is 0. */
  order: number;
  mainUserOnly?: boolean;
  /** A remote's entry loads its page's chunk when the pointer or the focus reaches it. */
  preload?(): void;
}

/**
 * The shell's own items (Dashboard; Staff for staff) plus the nav entries the loaded remotes declare (definePortalRemote's `nav`), by order.
 * No remote is named here: a new remote brings its own entry.
 */
export function Sidebar({ isSubUser, onNavigate }: { isSubUser: boolean; onNavigate?(): void }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const remoteItems = useRemoteNav();
  const { access } = useStaffAccess();
  const staff = access === 'staff';
  // The same items while nothing they show changes (the staff check ending without the Staff item, a remote's code
  // arriving): the list below is then not drawn again.
  const items = useMemo(() => {
    const shellItems: NavItem[] = [
      { to: '/dashboard', label: t('nav_dashboard'), Icon: Dashboard, order: 0 },
      // Shown only to internal staff (GET /staff/whoami); the api enforces it anyway.
      ...(staff ? [{ to: '/staff', label: t('nav_staff'), Icon: AdminPanelSettings, order: 1000 }] : []),
    ];
    return [...shellItems, ...remoteItems]
      .filter((item) => !(item.mainUserOnly && isSubUser))
      .sort((a, b) => a.order - b.order || a.to.localeCompare(b.to));
  }, [t, staff, remoteItems, isSubUser]);
  return <NavList label={t('nav_label')} items={items} pathname={pathname} onNavigate={onNavigate} />;
}

interface NavListProps {
  label: string;
  items: NavItem[];
  pathname: string;
  onNavigate?(): void;
}

const NavList = memo(function NavList({ label, items, pathname, onNavigate }: NavListProps) {
  return (
    <nav aria-label={label}>
      <List>
        {items.map(({ to, label: text, Icon, preload }) => {
          const active = pathname === to || pathname.startsWith(`${to}/`);
          return (
            <ListItem key={to} disablePadding>
              <ListItemButton
                component={NavLink}
                to={to}
                selected={active}
                onClick={onNavigate}
                onPointerEnter={preload}
                onFocus={preload}
              >
                <ListItemIcon>
                  <Icon />
                </ListItemIcon>
                <ListItemText primary={text} />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </nav>
  );
});
