import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AccountCircle from '@mui/icons-material/AccountCircle';
import Logout from '@mui/icons-material/Logout';
import Menu from '@mui/icons-material/Menu';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from './language-switcher';
import { useThemeToggle } from './theme-toggle';

export interface HeaderProps {
  isSubUser: boolean;
  compact: boolean;
  drawerOpen: boolean;
  onMenuClick(): void;
}

export function Header({ isSubUser, compact, drawerOpen, onMenuClick }: HeaderProps) {
  const { t } = useTranslation('shell');
  const themeToggle = useThemeToggle();
  return (
    <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      {/* Tighter gaps and buttons on phones so the portal name is not cut to "Kunden…" at 390 px. */}
      <Toolbar
        sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1.5, sm: 3 }, '& .MuiIconButton-root': { p: { xs: 0.75, sm: 1 } } }}
      >
        {compact && (
          <IconButton
            color="inherit"
            edge="start"
            aria-label={t('menu_open')}
            aria-controls="portal-navigation"
            aria-expanded={drawerOpen}
            onClick={onMenuClick}
          >
            <Menu />
          </IconButton>
        )}
        <Typography
          variant="h6"
          component={RouterLink}
          to="/dashboard"
          sx={{
            color: 'inherit',
            textDecoration: 'none',
            flexGrow: 1,
            fontSize: { xs: '1.0625rem', sm: '1.25rem' },
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
          }}
        >
          {t('app_name')}
        </Typography>
        <LanguageSwitcher />
        <Tooltip title={themeToggle.label}>
          <IconButton color="inherit" aria-label={themeToggle.label} onClick={themeToggle.toggle}>
            {themeToggle.icon}
          </IconButton>
        </Tooltip>
        {!isSubUser && (
          <Tooltip title={t('nav_profile')}>
            <IconButton color="inherit" component={RouterLink} to="/profile" aria-label={t('nav_profile')}>
              <AccountCircle />
            </IconButton>
          </Tooltip>
        )}
        {compact ? (
          <Tooltip title={t('logout')}>
            <IconButton color="inherit" component={RouterLink} to="/logout" aria-label={t('logout')}>
              <Logout />
            </IconButton>
          </Tooltip>
        ) : (
          <Box>
            <Button color="inherit" component={RouterLink} to="/logout" startIcon={<Logout />}>
              {t('logout')}
            </Button>
          </Box>
        )}
      </Toolbar>
    </AppBar>
  );
}
