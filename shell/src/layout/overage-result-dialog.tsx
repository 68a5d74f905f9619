import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

export const OVERAGE_RESULT_PARAM = 'overage_approval_result';

/** Opens on any page with ?overage_approval_result=… after the payment provider sends the user back. */
export function OverageResultDialog() {
  const { t } = useTranslation('shell');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const result = params.get(OVERAGE_RESULT_PARAM);
  if (result === null) return null;
  const success = result === 'true';
  const close = () => navigate('/dashboard', { replace: true });

  return (
    <Dialog open onClose={close} aria-labelledby="overage-result-title" aria-describedby="overage-result-text">
      <DialogTitle id="overage-result-title">
        {success ? t('approval_result_success_title') : t('approval_result_error_title')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="overage-result-text">
          {success ? t('approval_result_success_message') : t('approval_result_error_message')}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={close} autoFocus>
          {t('go_to_dashboard')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
