import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { ErrorPanel, LoadingState, PageHeader } from '@portal/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useStaffAccess } from '../hooks/use-staff-access';
import { useStaffTexts } from '../staff-texts';
import { AuditTab } from './audit-tab';
import { AvvTab } from './avv-tab';
import { NoAccess } from './no-access';
import { RegistryTab } from './registry-tab';

const TABS = ['registry', 'audit', 'avv'] as const;
type StaffTab = (typeof TABS)[number];

/** /staff: the console for internal staff (registry, audit log, AVV versions); the tab lives in ?tab=. */
export function StaffPage() {
  useStaffTexts();
  const { t } = useTranslation('shell');
  const { access, reload } = useStaffAccess();
  const [params, setParams] = useSearchParams();
  const id = useId();
  const requested = params.get('tab');
  const tab: StaffTab = TABS.find((name) => name === requested) ?? 'registry';

  if (access === 'loading') return <LoadingState label={t('staff_access_loading')} />;
  if (access === 'error')
    return <ErrorPanel title={t('staff_title')} message={t('staff_access_error')} onRetry={reload} />;
  if (access === 'not-staff') return <NoAccess />;

  const select = (next: StaffTab) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next === 'registry') updated.delete('tab');
      else updated.set('tab', next);
      return updated;
    });

  return (
    <Box>
      <PageHeader title={t('staff_title')} subtitle={t('staff_subtitle')} />
      <Tabs
        value={tab}
        onChange={(_event, next: StaffTab) => select(next)}
        aria-label={t('staff_tabs_label')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((name) => (
          <Tab
            key={name}
            value={name}
            label={t(`staff_tab_${name}`)}
            id={`${id}-tab-${name}`}
            aria-controls={`${id}-panel-${name}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${id}-panel-${tab}`} aria-labelledby={`${id}-tab-${tab}`}>
        {tab === 'registry' && <RegistryTab />}
        {tab === 'audit' && <AuditTab />}
        {tab === 'avv' && <AvvTab />}
      </Box>
    </Box>
  );
}

export default StaffPage;
