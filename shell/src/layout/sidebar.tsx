import type { ReactNode } from 'react';
import { List, ListItem, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import Dashboard from '@mui/icons-material/Dashboard';
import Group from '@mui/icons-material/Group';
import Receipt from '@mui/icons-material/Receipt';
import VpnKey from '@mui/icons-material/VpnKey';
import { NavLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

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

export function Sidebar({ isSubUser, onNavigate }: { isSubUser: boolean; onNavigate?(): void }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  return (
    <nav aria-label={t('nav_label')}>
      <List>
        {NAV_ITEMS.filter((item) => !(item.mainUserOnly && isSubUser)).map((item) => {
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
