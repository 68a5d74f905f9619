import { Alert, AlertTitle } from '@mui/material';
import { PageHeader } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';

/**
 * /features/gpsr/product/add and …/edit/:productId skeleton: real header; the questionnaire, attachments and
 * progress are a separate, later piece of work.
 */
export function ProductEditorPage({ mode }: { mode: 'add' | 'edit' }) {
  const { t } = useTranslation('gpsr');
  const { productId } = useParams();
  const title = mode === 'add' ? t('editor.addTitle') : t('editor.editTitle');
  const subtitle = mode === 'edit' && productId ? t('editor.editDescription', { productId }) : t('editor.description');
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} backTo="/features/gpsr" />
      <Alert severity="info">
        <AlertTitle>{t('editor.upcomingTitle')}</AlertTitle>
        {t('editor.upcomingMessage')}
      </Alert>
    </>
  );
}
