import VerifiedIcon from '@mui/icons-material/Verified';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { WHY_COUNT, type BuyPage } from '../buy-plugins';
import { BuySection } from './section-heading';

/** Three reasons per plugin. */
export function WhyChoose({ page }: { page: BuyPage }) {
  const { t } = useTranslation('buy');
  const reasons = Array.from({ length: WHY_COUNT }, (_, i) => i + 1);
  return (
    <BuySection name="why" title={t('why_title')}>
      <TileList
        columns={{ xs: '1fr', md: 'repeat(3, 1fr)' }}
        tiles={reasons.map((n) => ({
          mark: <VerifiedIcon color="primary" aria-hidden />,
          title: t(`why_${page}_${n}_title`),
          text: t(`why_${page}_${n}_text`),
        }))}
      />
    </BuySection>
  );
}

type Tile = { mark: ReactNode; overline?: string; title: string; text: string };

/** A buy section's outlined tiles in a grid (`ordered`: numbered steps, an ol); `mark`: a step number or an icon. */
export function TileList({ tiles, ordered, columns }: { tiles: Tile[]; ordered?: boolean; columns: object }) {
  return (
    <Box
      component={ordered ? 'ol' : 'ul'}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: columns }}
    >
      {tiles.map((tile, index) => (
        <Paper component="li" key={index} variant="outlined" sx={{ p: 2 }}>
          <Stack direction="row" spacing={1.5} alignItems="flex-start">
            {tile.mark}
            <Box>
              {tile.overline && (
                <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 1.5 }}>
                  {tile.overline}
                </Typography>
              )}
              <Typography variant="h3" component="h3" sx={{ fontSize: '1.05rem', fontWeight: 700, mb: 0.5 }}>
                {tile.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {tile.text}
              </Typography>
            </Box>
          </Stack>
        </Paper>
      ))}
    </Box>
  );
}
