import Button from '@mui/material/Button';
import { EmptyState, LoadView, PageHeader, PagedList, usePageParam, useSession } from '@portal/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { LICENSE_PAGE_SIZE } from '../api';
import { useLicensePage } from '../hooks/use-license-page';
import { licenseWarnings } from '../license-warnings';
import { LicenseTable } from './license-table';
import { LicenseWarningAlerts } from './license-warning-alerts';

/** /licenses: the user's licenses, one server-side page at a time; the page number lives in ?page=. */
export function LicensesPage({ now: fixedNow }: { now?: Date }) {
  const { t } = useTranslation('licenses');
  const [openedAt] = useState(() => new Date());
  const now = fixedNow ?? openedAt;
  const session = useSession();
  const { page, goTo } = usePageParam();
  const { state, retry } = useLicensePage(page);
  // Warnings cover all licenses of the session (first 100, loaded by the shell), not only the visible page.
  const warnings = useMemo(() => licenseWarnings(session.licenses, now), [session.licenses, now]);

  return (
    <>
      <PageHeader title={t('list_title')} subtitle={t('list_description')} />
      <LicenseWarningAlerts warnings={warnings} />
      <LoadView state={state} loadingLabel={t('list_loading')} errorTitle={t('list_error_title')} onRetry={retry}>
        {(data) => (
          <PagedList
            page={page}
            pageSize={LICENSE_PAGE_SIZE}
            total={data.total}
            rows={data.items.length}
            onPageChange={goTo}
            empty={
              <EmptyState
                title={t('list_empty_title')}
                message={t('list_empty_message')}
                action={
                  <Button component={RouterLink} to="/dashboard" variant="contained">
                    {t('list_empty_action')}
                  </Button>
                }
              />
            }
          >
            <LicenseTable licenses={data.items} now={now} canRelease={!session.isSubUser} onChanged={retry} />
          </PagedList>
        )}
      </LoadView>
    </>
  );
}
