import { useCallback, useMemo } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { usePaymentWindow, useSession } from '@portal/shared';
import { formatDate, paymentsDue, type PaymentDue } from '@portal/shared/domain';

/** Phones: the icon and the text side by side, the button on a line of its own below the text. */
const ALERT_LAYOUT = {
  flexWrap: { xs: 'wrap', sm: 'nowrap' },
  '& .MuiAlert-message': { flex: '1 1 0', minWidth: 0 },
  '& .MuiAlert-action': {
    flexBasis: { xs: '100%', sm: 'auto' },
    ml: { xs: 0, sm: 'auto' },
    pl: { xs: 4.5, sm: 2 },
    pt: 0,
  },
} as const;

/**
 * Renewal payments that failed and are still open, on every signed-in page: while the payment grace runs the
 * license still works until its date (a warning), afterwards it has stopped (an error). "Pay now" opens the open
 * renewal invoice's payment page in the payment window; when the window closes the session's licenses reload, so a
 * paid renewal removes the banner and the license works again. Sub-users see the banner without the button: only the
 * main user pays.
 */
export function PaymentDueBanner() {
  const { t } = useTranslation('shell');
  const session = useSession();
  const due = useMemo(() => paymentsDue(session.licenses), [session.licenses]);
  const reload = useCallback(() => void session.refresh('licenses'), [session]);
  const open = usePaymentWindow(reload);
  if (due.length === 0) return null;

  const pay = (item: PaymentDue) => {
    if (item.paymentUrl) {
      open(item.paymentUrl, { title: t('payment_due_attention'), message: t('payment_due_popup_blocked') });
    }
  };

  return (
    <Stack spacing={1} sx={{ mb: 2 }} role="region" aria-label={t('payment_due_region')}>
      {due.map((item) => {
        const product = item.license.productName;
        const date = formatDate(item.graceUntil);
        const overdue = item.standing === 'overdue';
        const payButton =
          !session.isSubUser && item.paymentUrl ? (
            <Button
              color="inherit"
              variant="outlined"
              size="small"
              sx={{ whiteSpace: 'nowrap' }}
              aria-label={t('payment_due_pay_named', { product })}
              onClick={() => pay(item)}
            >
              {t('payment_due_pay')}
            </Button>
          ) : undefined;
        return (
          <Alert key={item.license.id} severity={overdue ? 'error' : 'warning'} action={payButton} sx={ALERT_LAYOUT}>
            <AlertTitle>{t(overdue ? 'payment_due_overdue_title' : 'payment_due_title', { product })}</AlertTitle>
            {overdue
              ? t('payment_due_overdue_text')
              : date
                ? t('payment_due_grace_text', { date })
                : t('payment_due_grace_text_undated')}
            {session.isSubUser && ` ${t('payment_due_subuser_note')}`}
          </Alert>
        );
      })}
    </Stack>
  );
}
