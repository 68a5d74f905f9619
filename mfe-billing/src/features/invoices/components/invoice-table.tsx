import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import {
  canPayInvoice,
  formatDateTime,
  formatMoney,
  invoiceStatusLabel,
  type InvoiceStatusLabel,
  type InvoiceView,
} from '@portal/shared/domain';
import { useTranslation } from 'react-i18next';

/** The status chip's text: an expired checkout (unpaid for 24 h, cannot be paid) reads Expired, not Not paid. */
const STATUS_TEXT: Record<InvoiceStatusLabel, string> = {
  Paid: 'invoices_status_paid',
  'Not paid': 'invoices_status_not_paid',
  Expired: 'invoices_status_expired',
};

interface Props {
  invoices: readonly InvoiceView[];
  /** Id of the invoice whose PDF is being downloaded. */
  downloadingId: string | null;
  onDownload: (invoice: InvoiceView) => void;
  onPay: (invoice: InvoiceView) => void;
}

/**
 * The invoice list's columns: number (or id), plugin (first product's info or a dash), date, total with VAT,
 * status, PDF. A cancellation invoice (a full refund) or a correction invoice (a partial refund) is marked as such
 * instead of paid or not.
 */
export function InvoiceTable({ invoices, downloadingId, onDownload, onPay }: Props) {
  const { t } = useTranslation('billing');
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={t('invoices_table_label')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('invoices_column_number')}</TableCell>
            <TableCell>{t('invoices_column_plugin')}</TableCell>
            <TableCell>{t('invoices_column_date')}</TableCell>
            <TableCell align="right">{t('invoices_column_total')}</TableCell>
            <TableCell>{t('invoices_column_status')}</TableCell>
            <TableCell>{t('invoices_column_pdf')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invoices.map((invoice) => {
            const name = invoice.invoice_number ?? invoice.id;
            const label = invoiceStatusLabel(invoice);
            const paid = label === 'Paid';
            const correctionKind = invoice.kind === 'invoice' ? null : invoice.kind;
            const downloading = downloadingId === invoice.id;
            return (
              <TableRow key={invoice.id}>
                <TableCell>{name}</TableCell>
                <TableCell>{invoice.plugin || '–'}</TableCell>
                <TableCell>{formatDateTime(invoice.date)}</TableCell>
                <TableCell align="right">
                  {formatMoney(invoice.amount_with_vat, invoice.currency)}
                </TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1} alignItems="center">
                    <Chip
                      size="small"
                      color={correctionKind || label === 'Expired' ? 'default' : paid ? 'success' : 'warning'}
                      label={t(correctionKind ? `invoices_kind_${correctionKind}` : STATUS_TEXT[label])}
                    />
                    {canPayInvoice(invoice) && (
                      <Button
                        size="small"
                        variant="outlined"
                        onClick={() => onPay(invoice)}
                        aria-label={t('invoices_pay_now_label', { name })}
                      >
                        {t('invoices_pay_now')}
                      </Button>
                    )}
                  </Stack>
                </TableCell>
                <TableCell>
                  {invoice.has_pdf ? (
                    <Button
                      size="small"
                      variant="text"
                      onClick={() => onDownload(invoice)}
                      disabled={downloading}
                      aria-busy={downloading}
                      aria-label={t(downloading ? 'invoices_downloading_label' : 'invoices_download_label', { name })}
                      startIcon={
                        downloading ? <CircularProgress size={16} aria-hidden /> : <DownloadIcon aria-hidden />
                      }
                    >
                      {t('invoices_download')}
                    </Button>
                  ) : (
                    '–'
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
