import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BUY_PAGE_LAYOUT, type BuyPage } from '../buy-plugins';
import { StoreMock } from '../illustrations/store-mock';
import { BuySection } from './section-heading';
import { TileList } from './why-choose';

const STEP_NUMBER = {
  flexShrink: 0,
  width: 32,
  height: 32,
  borderRadius: '50%',
  bgcolor: 'primary.main',
  color: 'primary.contrastText',
  display: 'grid',
  placeItems: 'center',
  fontWeight: 700,
} as const;

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
    <BuySection name="how" title={t('how_title')}>
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
          <TileList
            ordered
            columns={{ xs: '1fr', sm: 'repeat(2, 1fr)', md: `repeat(${layout.storeToggle ? 2 : 3}, 1fr)` }}
            tiles={steps.map((n) => ({
              mark: (
                <Box aria-hidden sx={STEP_NUMBER}>
                  {n}
                </Box>
              ),
              overline: t('how_step_label', { number: n }),
              title: t(`how_${page}_${n}_title`),
              text: text(n),
            }))}
          />
        </Grid>
      </Grid>
    </BuySection>
  );
}
