import type { ReactNode } from 'react';
import { List, ListItem, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Dashboard from '@mui/icons-material/Dashboard';
import Group from '@mui/icons-material/Group';
import Receipt from '@mui/icons-material/Receipt';
import VpnKey from '@mui/icons-material/VpnKey';
import { NavLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useStaffAccess } from '../staff/hooks/use-staff-access';

interface NavItem {
  to: string;
  labelKey: string;
  icon: ReactNode;
  mainUserOnly?: boolean;
}

const NAV_ITEMS: NavItem[] = [
  { to: '/dashboard', labelKey: 'nav_dashboard', icon: <Dashboard /> },
  { to: '/invoices', labelKey: 'nav_invoices', icon: <Receipt />, mainUserOnly: true },
  { to: '/licenses', labelKey: 'nav_licenses', icon: <VpnKey /> },
  { to: '/user-management', labelKey: 'nav_user_management', icon: <Group />, mainUserOnly: true },
];

/** Shown only to internal staff (GET /staff/whoami). */
const STAFF_ITEM: NavItem = { to: '/staff', labelKey: 'nav_staff', icon: <AdminPanelSettings /> };

export function Sidebar({ isSubUser, onNavigate }: { isSubUser: boolean; onNavigate?(): void }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const { access } = useStaffAccess();
  const items = [...NAV_ITEMS, ...(access === 'staff' ? [STAFF_ITEM] : [])];
  return (
    <nav aria-label={t('nav_label')}>
      <List>
        {items
          .filter((item) => !(item.mainUserOnly && isSubUser))
          .map((item) => {
            const active = pathname === item.to || pathname.startsWith(`${item.to}/`);
            return (
              <ListItem key={item.to} disablePadding>
                <ListItemButton component={NavLink} to={item.to} selected={active} onClick={onNavigate}>
                  <ListItemIcon>{item.icon}</ListItemIcon>
                  <ListItemText primary={t(item.labelKey)} />
                </ListItemButton>
              </ListItem>
            );
          })}
      </List>
    </nav>
  );
}
