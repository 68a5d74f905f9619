import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '../../../domain/format';
import { formatMoney } from '../../../domain/money';
import type { PurchaseQuote, QuoteRow } from '../../../domain/purchase';
import { QuoteSummary } from './quote-summary';
import type { PurchaseState } from './use-purchase-flow';

export interface PurchaseDialogProps {
  state: PurchaseState;
  onPay(): void;
  onClose(): void;
  onShowWindow(): void;
}

/**
 * The purchase dialog; amounts are the server's quote (POST /invoice/quote, which writes nothing). The invoice is made
 * only when the seller confirms with the pay button.
 */
export default function PurchaseDialog({ state, onPay, onClose, onShowWindow }: PurchaseDialogProps) {
  const { t } = useTranslation('buy');
  const open = state.kind !== 'idle';
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="purchase-dialog-title">
      <DialogTitle id="purchase-dialog-title">{t('dialog_title')}</DialogTitle>
      <DialogContent>
        <Body state={state} />
        {(state.kind === 'confirm' || state.kind === 'not_paid') && state.popupBlocked && (
          <Alert
            severity="warning"
            sx={{ mt: 2 }}
            action={
              <Button color="inherit" size="small" onClick={onPay}>
                {t('popup_retry')}
              </Button>
            }
          >
            <AlertTitle>{t('popup_blocked_title')}</AlertTitle>
            {t('license_popup_blocked')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {state.kind === 'missing_info' && (
          <Button component={RouterLink} to="/profile" onClick={onClose}>
            {t('dialog_complete_profile')}
          </Button>
        )}
        {state.kind === 'payment_pending' && <Button onClick={onShowWindow}>{t('dialog_reopen')}</Button>}
        {state.kind === 'scheduled' && state.approvalUrl && (
          <Button variant="contained" href={state.approvalUrl} target="_blank" rel="noopener noreferrer">
            {t('dialog_approve_at_provider')}
          </Button>
        )}
        {state.kind === 'paid' || state.kind === 'scheduled' || state.kind === 'missing_info' ? (
          <Button
            onClick={onClose}
            variant={
              state.kind === 'missing_info' || (state.kind === 'scheduled' && state.approvalUrl) ? 'text' : 'contained'
            }
          >
            {t('dialog_close')}
          </Button>
        ) : (
          <Button onClick={onClose}>{t('dialog_cancel')}</Button>
        )}
        {state.kind === 'confirm' && (
          <Button variant="contained" onClick={onPay}>
            {state.quote.plan_change?.timing === 'period_end'
              ? t('dialog_schedule', { date: formatDate(state.quote.plan_change.effective_at) })
              : t('dialog_pay', { amount: formatMoney(state.quote.grossCents, state.quote.currency) })}
          </Button>
        )}
        {state.kind === 'not_paid' && (
          <Button variant="contained" onClick={onPay}>
            {t('dialog_pay_again')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

function Busy({ text }: { text: string }) {
  return (
    <Stack direction="row" spacing={2} alignItems="center" role="status" sx={{ py: 2 }}>
      <CircularProgress size={24} aria-hidden />
      <Typography>{text}</Typography>
    </Stack>
  );
}

function Body({ state }: { state: PurchaseState }) {
  const { t } = useTranslation('buy');
  const alert = (severity: 'error' | 'success' | 'info', title: string, text: string, role?: 'status') => (
    <Alert severity={severity} role={role}>
      <AlertTitle>{t(title)}</AlertTitle>
      {t(text)}
    </Alert>
  );
  switch (state.kind) {
    case 'idle':
      return null;
    case 'missing_info':
      return alert('error', 'dialog_missing_info', 'dialog_missing_info_text');
    case 'loading':
      return <Busy text={t('dialog_loading')} />;
    case 'confirm': {
      const change = state.quote.plan_change;
      const intro = !change
        ? t('dialog_confirm_intro')
        : change.timing === 'now'
          ? t('dialog_change_now', { plan: change.from_product_name })
          : t('dialog_change_later', { plan: change.from_product_name, date: formatDate(change.effective_at) });
      return (
        <>
          <Typography sx={{ mb: 2 }}>{intro}</Typography>
          <QuoteTable quote={state.quote} />
        </>
      );
    }
    case 'scheduled':
      return (
        <Alert severity="success" role="status">
          <AlertTitle>{t('dialog_scheduled_title')}</AlertTitle>
          {t(state.approvalUrl ? 'dialog_scheduled_approve_text' : 'dialog_scheduled_text', {
            date: formatDate(state.effectiveAt),
          })}
        </Alert>
      );
    case 'ordering':
      return <Busy text={t('dialog_ordering')} />;
    case 'payment_pending':
      return (
        <Box role="status">
          <Typography variant="h3" component="h3" sx={{ fontSize: '1.1rem', fontWeight: 700, mb: 1 }}>
            {t('dialog_pending_title')}
          </Typography>
          <Typography>{t('dialog_pending_text')}</Typography>
        </Box>
      );
    case 'checking':
      return <Busy text={t('dialog_checking')} />;
    case 'paid':
      return alert('success', 'dialog_paid_title', 'dialog_paid_text', 'status');
    case 'not_paid':
      return alert('info', 'dialog_not_paid_title', 'dialog_not_paid_text');
  }
}

function QuoteTable({ quote }: { quote: PurchaseQuote }) {
  const { t } = useTranslation('buy');
  // The base row is the product's name; extras are named by kind.
  const describe = (row: QuoteRow) => {
    if (row.kind === 'base') return row.description;
    if (row.kind === 'plan_change_credit') return t('row_plan_change_credit', { plan: row.description });
    return t(`row_${row.kind}`);
  };
  return (
    <>
      <Table size="small" aria-label={t('dialog_table_label')} sx={{ mb: 2 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('dialog_column_item')}</TableCell>
            <TableCell align="right">{t('dialog_column_quantity')}</TableCell>
            <TableCell align="right">{t('dialog_column_amount')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {quote.rows.map((row) => (
            <TableRow key={row.kind}>
              <TableCell>{describe(row)}</TableCell>
              <TableCell align="right">{row.quantity}</TableCell>
              <TableCell align="right">{formatMoney(row.amountCents, quote.currency)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <QuoteSummary quote={quote} />
    </>
  );
}
