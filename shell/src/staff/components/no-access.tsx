import Lock from '@mui/icons-material/Lock';
import Button from '@mui/material/Button';
import { EmptyState, PageHeader } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

/** /staff for a signed-in user who is not internal staff. */
export function NoAccess() {
  const { t } = useTranslation('shell');
  return (
    <>
      <PageHeader title={t('staff_title')} />
      <EmptyState
        icon={<Lock fontSize="inherit" />}
        title={t('staff_no_access_title')}
        message={t('staff_no_access_text')}
        action={
          <Button component={RouterLink} to="/dashboard" variant="contained">
            {t('go_to_dashboard')}
          </Button>
        }
      />
    </>
  );
}
