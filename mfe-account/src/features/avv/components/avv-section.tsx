import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useBusyTask, useSession, base64ToBlob, saveBlob } from '@portal/shared';
import { formatDateTime } from '@portal/shared/domain';
import { contractLanguage, useAvvApi } from '../api';

export interface AvvSectionProps {
  /** Labels of the profile fields still missing; the AVV cannot be accepted before they are filled. */
  missingFields: readonly string[];
  /** Opens the dialog, or (profile incomplete) leads to the missing fields. */
  onOpenDialog: () => void;
}

/** AVV status on the personal tab: accept button, what is still missing, or acceptance date + show/download. */
export function AvvSection({ missingFields, onOpenDialog }: AvvSectionProps) {
  const { t, i18n } = useTranslation('account');
  const session = useSession();
  const api = useAvvApi();
  const { busy: downloading, run } = useBusyTask();
  const avv = session.profile?.avv;
  if (!avv) return null;
  const complete = missingFields.length === 0;

  const download = () =>
    run(
      { title: t('notification_error'), message: t('notification_avv_accepted_download_pdf_error_text') },
      async () => {
        const pdf = await api.fetchContractPdf(contractLanguage(i18n.language));
        saveBlob(base64ToBlob(pdf), 'AVV.pdf');
      },
    );

  return (
    <Box component="section" aria-labelledby="avv-section-title">
      <Typography id="avv-section-title" variant="h6" component="h2" gutterBottom>
        {t('avv_section_title')}
      </Typography>
      {avv.isAccepted ? (
        <>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {avv.acceptedDate ? t('avv_accepted_on', { date: formatDateTime(avv.acceptedDate) }) : t('avv_accepted')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button variant="outlined" onClick={onOpenDialog}>
              {t('avv_show_contract')}
            </Button>
            <Button variant="outlined" onClick={download} disabled={downloading}>
              {t('avv_download_pdf')}
            </Button>
          </Stack>
        </>
      ) : (
        <>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {complete ? t('avv_not_accepted') : t('avv_complete_profile_first', { fields: missingFields.join(', ') })}
          </Typography>
          <Button variant={complete ? 'contained' : 'outlined'} onClick={onOpenDialog}>
            {complete ? t('avv_accept_button') : t('avv_complete_profile_button')}
          </Button>
        </>
      )}
    </Box>
  );
}
