import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { visibleShippingTypes, type LieferbarOrdersResponse } from '@portal/shared/domain';
import { EmptyState } from '@portal/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

function CountCard({ label, count, emphasis = false }: { label: string; count: number; emphasis?: boolean }) {
  const { i18n } = useTranslation();
  const id = useId();
  return (
    <Card
      component="section"
      aria-labelledby={id}
      variant="outlined"
      sx={{ height: '100%', ...(emphasis && { borderColor: 'primary.main', borderWidth: 2 }) }}
    >
      <CardContent>
        <Typography id={id} variant="subtitle1" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {label}
        </Typography>
        <Typography variant="h2" component="p" color={emphasis ? 'primary' : 'text.primary'} sx={{ mt: 1 }}>
          {count.toLocaleString(i18n.language === 'de' ? 'de-DE' : 'en-GB')}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** The total card and one card per shipping type with pending orders (types with none get no card). */
export function OrderCountCards({ data }: { data: LieferbarOrdersResponse['data'] }) {
  const { t } = useTranslation('lieferbar');
  const types = visibleShippingTypes(data.orders);
  return (
    <>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <CountCard label={t('total_card_title')} count={data.totalCount} emphasis />
        </Grid>
        {types.map((o) => (
          <Grid key={o.shippingType ?? ''} size={{ xs: 12, sm: 6, md: 4 }}>
            <CountCard label={o.shippingType ?? t('shipping_type_none')} count={o.pendingCount} />
          </Grid>
        ))}
      </Grid>
      {data.totalCount === 0 && (
        <EmptyState
          icon={<LocalShippingOutlined fontSize="inherit" />}
          title={t('empty_title')}
          message={t('empty_message')}
        />
      )}
    </>
  );
}
