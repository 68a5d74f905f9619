import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../domain/money';
import type { PurchaseQuote } from '../../../domain/purchase';

export interface QuoteSummaryProps {
  quote: PurchaseQuote;
  /** e.g. 'per year' after "Total". */
  periodText?: string;
  dense?: boolean;
}

/** Net, VAT (19 % or 0 % reverse charge with its wording) and gross of a quote (card and dialog). */
export function QuoteSummary({ quote, periodText, dense = false }: QuoteSummaryProps) {
  const { t } = useTranslation('buy');
  const reverse = quote.vat.kind === 'reverse_charge';
  const line = (label: string, value: string, strong = false) => (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <Typography component="dt" variant={dense ? 'body2' : 'body1'} fontWeight={strong ? 700 : 400}>
        {label}
      </Typography>
      <Typography component="dd" variant={dense ? 'body2' : 'body1'} fontWeight={strong ? 700 : 400} sx={{ m: 0 }}>
        {value}
      </Typography>
    </Box>
  );
  return (
    <Box>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 0.25 }}>
        {line(t('vat_net'), formatMoney(quote.netCents, quote.currency))}
        {line(
          reverse ? t('vat_reverse_charge') : t('vat_standard', { rate: quote.vat.ratePercent }),
          formatMoney(quote.vatCents, quote.currency),
        )}
        {line(
          periodText ? t('total_gross_period', { period: periodText }) : t('total_gross'),
          formatMoney(quote.grossCents, quote.currency),
          true,
        )}
      </Box>
      {reverse && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {t('vat_reverse_charge_note')}
        </Typography>
      )}
    </Box>
  );
}
