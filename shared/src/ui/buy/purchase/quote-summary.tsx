import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../../domain/countries';
import { formatMoney } from '../../../domain/money';
import type { PurchaseQuote } from '../../../domain/purchase';
import { VAT_WORDING } from '../../../domain/tax';

export interface QuoteSummaryProps {
  quote: PurchaseQuote;
  /** e.g. 'per year' after "Total". */
  periodText?: string;
  dense?: boolean;
}

/**
 * Net, VAT and gross of a quote (card and dialog). The VAT line and its note are the tax decision's words, the same
 * the invoice prints: German VAT, the buyer's member state's rate, reverse charge or not taxable in Germany.
 */
export function QuoteSummary({ quote, periodText, dense = false }: QuoteSummaryProps) {
  const { t, i18n } = useTranslation('buy');
  const language = i18n.language === 'en' ? 'en' : 'de';
  const wording = VAT_WORDING[language][quote.vat.kind];
  const country = countryName(quote.vat.kind === 'oss' ? quote.vat.country : '', language);
  const note = wording.note?.(country);
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
        {line(wording.line(quote.vat.ratePercent, country), formatMoney(quote.vatCents, quote.currency))}
        {line(
          periodText ? t('total_gross_period', { period: periodText }) : t('total_gross'),
          formatMoney(quote.grossCents, quote.currency),
          true,
        )}
      </Box>
      {note && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {wording.reason ? `${wording.reason}. ${note}` : note}
        </Typography>
      )}
    </Box>
  );
}
