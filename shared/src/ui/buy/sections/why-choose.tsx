import VerifiedIcon from '@mui/icons-material/Verified';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { WHY_COUNT, type BuyPage } from '../buy-plugins';
import { SectionHeading } from './section-heading';

/** Three reasons per plugin. */
export function WhyChoose({ page }: { page: BuyPage }) {
  const { t } = useTranslation('buy');
  const reasons = Array.from({ length: WHY_COUNT }, (_, i) => i + 1);
  return (
    <Box component="section" aria-labelledby="buy-why-title" sx={{ mb: 6 }}>
      <SectionHeading id="buy-why-title">{t('why_title')}</SectionHeading>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
        }}
      >
        {reasons.map((n) => (
          <Paper component="li" key={n} variant="outlined" sx={{ p: 2 }}>
            <Stack direction="row" spacing={1.5} alignItems="flex-start">
              <VerifiedIcon color="primary" aria-hidden />
              <Box>
                <Typography variant="h3" component="h3" sx={{ fontSize: '1.05rem', fontWeight: 700, mb: 0.5 }}>
                  {t(`why_${page}_${n}_title`)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`why_${page}_${n}_text`)}
                </Typography>
              </Box>
            </Stack>
          </Paper>
        ))}
      </Box>
    </Box>
  );
}
