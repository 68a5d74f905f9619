import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { keyframes } from '@emotion/react';
import { LoadingState, PageHeader, useSession } from '@portal/shared';
import { isDataSourceConfigured } from '@portal/shared/domain';
import { AvvDialog } from '../features/avv/components/avv-dialog';
import { AvvHistorySection } from '../features/avv/components/avv-history-section';
import { AvvSection } from '../features/avv/components/avv-section';
import { DeleteAccountSection } from '../features/profile/components/delete-account-section';
import { EmailVerificationNotice } from '../features/profile/components/email-verification-notice';
import { PersonalDataForm } from '../features/profile/components/personal-data-form';
import { useEmailVerificationPoll } from '../features/profile/hooks/use-email-verification-poll';
import { PROFILE_FIELD_LABELS, missingProfileFields } from '../features/profile/profile-fields';

// The database tab's form (and its rules with zod) loads when the tab opens, so /profile keeps within its 350 KB
// JavaScript budget.
const DataSourceForm = lazy(() =>
  import('../features/datasource/components/data-source-form').then((module) => ({ default: module.DataSourceForm })),
);

type TabId = 'profile' | 'dataSource';

const pulse = keyframes`
  0% { box-shadow: 0 0 0 0 rgba(237, 108, 2, 0.7); }
  70% { box-shadow: 0 0 0 8px rgba(237, 108, 2, 0); }
  100% { box-shadow: 0 0 0 0 rgba(237, 108, 2, 0); }
`;

function PulsingDot({ label }: { label: string }) {
  return (
    <Box
      component="span"
      role="img"
      aria-label={label}
      sx={{
        display: 'inline-block',
        width: 10,
        height: 10,
        ml: 1,
        borderRadius: '50%',
        bgcolor: 'warning.main',
        animation: `${pulse} 1.6s infinite`,
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
      }}
    />
  );
}

function TabPanel({ id, active, children }: { id: TabId; active: boolean; children: ReactNode }) {
  return (
    <Box
      role="tabpanel"
      id={`profile-tabpanel-${id}`}
      aria-labelledby={`profile-tab-${id}`}
      hidden={!active}
      sx={{ pt: 3 }}
    >
      {active && children}
    </Box>
  );
}

export function ProfilePage() {
  const { t } = useTranslation('account');
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const direction = params.get('direction');
  const firstTime = params.get('firstTime') === 'true';
  const isSubUser = session.isSubUser;
  const [tab, setTab] = useState<TabId>(direction === 'dataSource' && !isSubUser ? 'dataSource' : 'profile');
  const [avvOpen, setAvvOpen] = useState(false);
  const [checkRequest, setCheckRequest] = useState(0);
  const profile = session.profile;
  const missingFields = missingProfileFields(profile?.contact);
  const avvAccepted = profile?.avv.isAccepted ?? false;
  // The AVV can be accepted only with a complete profile: otherwise lead to the missing fields instead.
  const profileComplete = missingFields.length === 0;
  const openAvv = useCallback(
    () => (avvAccepted || profileComplete ? setAvvOpen(true) : setCheckRequest((n) => n + 1)),
    [avvAccepted, profileComplete],
  );
  const emailVerified = session.user?.emailVerified ?? true;
  useEmailVerificationPoll(session.user != null && !emailVerified);

  // direction may change while the page is open (e.g. a link from the dashboard); it is acted on once the profile is there.
  const lastDirection = useRef<string | null>(null);
  const profileLoaded = profile != null;
  useEffect(() => {
    if (!profileLoaded || direction === lastDirection.current) return;
    lastDirection.current = direction;
    if (direction === 'dataSource' && !isSubUser) setTab('dataSource');
    if (direction === 'profile') setTab('profile');
    if (direction === 'avv') {
      setTab('profile');
      openAvv();
    }
  }, [direction, isSubUser, profileLoaded, openAvv]);

  useEffect(() => {
    if (isSubUser && tab === 'dataSource') setTab('profile');
  }, [isSubUser, tab]);

  const closeAvv = () => {
    setAvvOpen(false);
    if (params.get('direction') === 'avv') {
      const next = new URLSearchParams(params);
      next.delete('direction');
      lastDirection.current = null;
      setParams(next, { replace: true });
    }
  };

  const loginEmail = profile?.contact.email || session.user?.email || '';
  const dataSourceIncomplete = !isDataSourceConfigured(session.dataSource);

  return (
    <Box sx={{ maxWidth: 960, mx: 'auto', width: '100%' }}>
      <PageHeader title={t('profile_title')} subtitle={t('profile_subtitle')} />
      {firstTime && (
        <Alert severity="info" sx={{ mb: 3 }}>
          <AlertTitle>{t('welcome_title')}</AlertTitle>
          <Typography variant="body2">{t('welcome_text')}</Typography>
          <Box component="ol" sx={{ m: 0, mt: 1, pl: 2.5 }}>
            <li>{t('welcome_step_verify')}</li>
            <li>{t('welcome_step_profile')}</li>
            <li>{t('welcome_step_avv')}</li>
            {!isSubUser && <li>{t('welcome_step_database')}</li>}
          </Box>
        </Alert>
      )}
      {!profile && session.failedParts.includes('profile') ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void session.refresh('profile')}>
              {t('retry')}
            </Button>
          }
        >
          {t('profile_load_failed')}
        </Alert>
      ) : !profile ? (
        <LoadingState label={t('loading_profile')} />
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 3 } }}>
          <Tabs
            value={tab}
            onChange={(_e, value: TabId) => setTab(value)}
            aria-label={t('profile_tabs_label')}
            variant="fullWidth"
            sx={{ borderBottom: 1, borderColor: 'divider' }}
          >
            <Tab
              value="profile"
              id="profile-tab-profile"
              aria-controls="profile-tabpanel-profile"
              label={t('tab_personal_data')}
              wrapped
              sx={{ px: 1 }}
            />
            {!isSubUser && (
              <Tab
                value="dataSource"
                id="profile-tab-dataSource"
                aria-controls="profile-tabpanel-dataSource"
                wrapped
                sx={{ px: 1 }}
                label={
                  <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center' }}>
                    {t('tab_database')}
                    {dataSourceIncomplete && <PulsingDot label={t('tab_database_incomplete')} />}
                  </Box>
                }
              />
            )}
          </Tabs>
          <TabPanel id="profile" active={tab === 'profile'}>
            <Stack spacing={3} divider={<Divider flexItem />}>
              {!emailVerified && <EmailVerificationNotice email={loginEmail} />}
              <PersonalDataForm
                checkRequest={checkRequest}
                onSavedComplete={() => {
                  if (!avvAccepted) setAvvOpen(true);
                }}
              />
              <AvvSection
                missingFields={missingFields.map((field) => t(PROFILE_FIELD_LABELS[field]))}
                onOpenDialog={openAvv}
              />
              <AvvHistorySection />
              <DeleteAccountSection />
            </Stack>
          </TabPanel>
          {!isSubUser && (
            <TabPanel id="dataSource" active={tab === 'dataSource'}>
              <Suspense fallback={<LoadingState />}>
                <DataSourceForm />
              </Suspense>
            </TabPanel>
          )}
        </Paper>
      )}
      <AvvDialog open={avvOpen} onClose={closeAvv} />
    </Box>
  );
}
