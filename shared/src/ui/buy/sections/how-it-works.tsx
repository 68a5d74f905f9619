import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BUY_PAGE_LAYOUT, type BuyPage } from '../buy-plugins';
import { StoreMock } from '../illustrations/store-mock';
import { SectionHeading } from './section-heading';

export type MobileStore = 'android' | 'ios';

/** Three numbered steps per plugin; four for mobile, whose first step follows the Android/iPhone toggle. */
export function HowItWorks({ page }: { page: BuyPage }) {
  const { t } = useTranslation('buy');
  const layout = BUY_PAGE_LAYOUT[page];
  const [store, setStore] = useState<MobileStore>('android');
  const steps = Array.from({ length: layout.howSteps }, (_, i) => i + 1);
  const text = (n: number) =>
    layout.storeToggle && n === 1 ? t(`how_${page}_1_text_${store}`) : t(`how_${page}_${n}_text`);

  return (
    <Box component="section" aria-labelledby="buy-how-title" sx={{ mb: 6 }}>
      <SectionHeading id="buy-how-title">{t('how_title')}</SectionHeading>
      {layout.storeToggle && (
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={store}
          onChange={(_, value: MobileStore | null) => value && setStore(value)}
          aria-label={t('how_store_label')}
          sx={{ mb: 2 }}
        >
          <ToggleButton value="android">{t('how_store_android')}</ToggleButton>
          <ToggleButton value="ios">{t('how_store_ios')}</ToggleButton>
        </ToggleButtonGroup>
      )}
      <Grid container spacing={2} alignItems="stretch">
        {layout.storeToggle && (
          <Grid size={{ xs: 12, md: 4 }}>
            <StoreMock store={store} />
          </Grid>
        )}
        <Grid size={{ xs: 12, md: layout.storeToggle ? 8 : 12 }}>
          <Box
            component="ol"
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: {
                xs: '1fr',
                sm: 'repeat(2, 1fr)',
                md: `repeat(${layout.storeToggle ? 2 : 3}, 1fr)`,
              },
            }}
          >
            {steps.map((n) => (
              <Paper component="li" key={n} variant="outlined" sx={{ p: 2 }}>
                <Stack direction="row" spacing={1.5} alignItems="flex-start">
                  <Box
                    aria-hidden
                    sx={{
                      flexShrink: 0,
                      width: 32,
                      height: 32,
                      borderRadius: '50%',
                      bgcolor: 'primary.main',
                      color: 'primary.contrastText',
                      display: 'grid',
                      placeItems: 'center',
                      fontWeight: 700,
                    }}
                  >
                    {n}
                  </Box>
                  <Box>
                    <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 1.5 }}>
                      {t('how_step_label', { number: n })}
                    </Typography>
                    <Typography variant="h3" component="h3" sx={{ fontSize: '1.05rem', fontWeight: 700, mb: 0.5 }}>
                      {t(`how_${page}_${n}_title`)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {text(n)}
                    </Typography>
                  </Box>
                </Stack>
              </Paper>
            ))}
          </Box>
        </Grid>
      </Grid>
    </Box>
  );
}
