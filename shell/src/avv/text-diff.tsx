import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha, type Theme } from '@mui/material/styles';
import { visuallyHidden } from '@mui/utils';
import { diffWords, type Change } from 'diff';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export interface TextDiffProps {
  before: string;
  after: string;
  /** Accessible name of the scrollable text. */
  label: string;
}

/** Number of changed passages (a removal directly followed by its replacement counts once). */
export function countChanges(parts: readonly Change[]): number {
  let count = 0;
  for (let i = 0; i < parts.length; i += 1) {
    if (!parts[i].added && !parts[i].removed) continue;
    count += 1;
    if (parts[i].removed && parts[i + 1]?.added) i += 1;
  }
  return count;
}

/**
 * Inline word diff of two texts (jsdiff `diffWords`): added words underlined on green, removed ones struck
 * through on red — marked for screen readers too, not by colour alone.
 */
export function TextDiff({ before, after, label }: TextDiffProps) {
  const { t } = useTranslation('shell');
  const parts = useMemo(() => diffWords(before, after), [before, after]);
  const changes = countChanges(parts);
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap" alignItems="center">
        <Typography variant="body2" color="text.secondary">
          {changes === 0 ? t('avv_diff_no_changes') : t('avv_diff_count', { count: changes })}
        </Typography>
        <Typography variant="body2" component="span" sx={insertedSx}>
          {t('avv_diff_legend_added')}
        </Typography>
        <Typography variant="body2" component="span" sx={deletedSx}>
          {t('avv_diff_legend_removed')}
        </Typography>
      </Stack>
      <Box
        role="region"
        aria-label={label}
        tabIndex={0}
        data-testid="avv-text-diff"
        sx={{
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          maxHeight: { xs: 'none', sm: '40vh' },
          overflowY: 'auto',
          p: 2,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.default',
          typography: 'body2',
          lineHeight: 1.7,
        }}
      >
        {parts.map((part, index) => {
          if (part.added || part.removed) {
            const [mark, sx, kind] = part.added
              ? (['ins', insertedSx, 'avv_diff_added'] as const)
              : (['del', deletedSx, 'avv_diff_removed'] as const);
            return (
              <Box component={mark} key={index} sx={sx}>
                <Box component="span" sx={visuallyHidden}>
                  {`[${t(kind)}: `}
                </Box>
                {part.value}
                <Box component="span" sx={visuallyHidden}>
                  ]
                </Box>
              </Box>
            );
          }
          return <span key={index}>{part.value}</span>;
        })}
      </Box>
    </Stack>
  );
}

/** An added or removed passage: underlined or struck through on a tint of its colour (stronger in dark mode). */
const markSx = (textDecoration: string, color: 'success' | 'error', lightAlpha: number) =>
  ({
    textDecoration,
    bgcolor: (th: Theme) => alpha(th.palette[color].main, th.palette.mode === 'dark' ? 0.35 : lightAlpha),
    color: 'text.primary',
    borderRadius: 0.5,
    px: 0.25,
  }) as const;

const insertedSx = markSx('underline', 'success', 0.18);
const deletedSx = markSx('line-through', 'error', 0.15);
