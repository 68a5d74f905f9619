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
  const title = mode === 'add' ? t('editor_add_title') : t('editor_edit_title');
  const subtitle = mode === 'edit' && productId ? t('editor_edit_description', { productId }) : t('editor_description');
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} backTo="/features/gpsr" />
      <Alert severity="info">
        <AlertTitle>{t('editor_upcoming_title')}</AlertTitle>
        {t('editor_upcoming_message')}
      </Alert>
    </>
  );
}
