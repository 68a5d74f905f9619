import { useCallback, useState } from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LegalLinks } from './legal-links';
import { isSubUser as isSubUserOf } from '@portal/shared/domain';
import { Header } from './header';
import { AvvBannerSlot } from '../avv/avv-banner-slot';
import { OverageBanner } from './overage-banner';
import { PaymentDueBanner } from './payment-due-banner';
import { OverageResultDialog } from './overage-result-dialog';
import { SessionGate } from './session-gate';
import { Sidebar } from './sidebar';
import { useShellState } from '../shell-api/shell-api-context';
import { sessionStateRef } from '../shell-api/shell-apis';

export const DRAWER_WIDTH = 240;

/**
 * The authenticated frame: header, sidebar (a drawer on small screens), banner, page, footer. It reads the one fact it
 * needs (a sub-user?) from the session store instead of the session context: each part of the session that arrives
 * (user, profile, licenses, …) re-renders only the components that read the session, not the whole frame again.
 */
export function AppLayout() {
  const { t } = useTranslation('shell');
  const compact = useMediaQuery((theme) => theme.breakpoints.down('md'));
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const isSubUser = useShellState(sessionStateRef, (state) => isSubUserOf(state.apiUser));

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <Link
        href="#main-content"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: (th) => th.zIndex.tooltip,
          bgcolor: 'background.paper',
          p: 1,
          '&:focus': { top: 8 },
        }}
      >
        {t('skip_to_content')}
      </Link>
      <Header
        isSubUser={isSubUser}
        compact={compact}
        drawerOpen={drawerOpen}
        onMenuClick={() => setDrawerOpen((open) => !open)}
      />
      <Drawer
        id="portal-navigation"
        variant={compact ? 'temporary' : 'permanent'}
        open={compact ? drawerOpen : true}
        onClose={closeDrawer}
        ModalProps={{ keepMounted: true }}
        sx={{
          width: compact ? undefined : DRAWER_WIDTH,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
        }}
      >
        <Toolbar />
        <Sidebar isSubUser={isSubUser} onNavigate={compact ? closeDrawer : undefined} />
      </Drawer>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {/*
          The page fills at least the window, so the footer starts below it: a page whose content arrives after the
          first paint grows downwards without pushing a visible footer down the screen (no layout shift on a phone).
        */}
        <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
          <Toolbar />
          <Box component="main" id="main-content" tabIndex={-1} sx={{ flex: 1, p: { xs: 2, sm: 3 }, outline: 'none' }}>
            <SessionGate>
              <AvvBannerSlot />
              <PaymentDueBanner />
              <OverageBanner />
              <Outlet />
            </SessionGate>
          </Box>
        </Box>
        <Box component="footer" sx={{ py: 3, px: 2, borderTop: 1, borderColor: 'divider' }}>
          <LegalLinks withContact />
        </Box>
      </Box>
      <OverageResultDialog />
    </Box>
  );
}
