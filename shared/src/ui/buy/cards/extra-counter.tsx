import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { canDecrease, canIncrease } from './counter-rules';

export interface ExtraCounterProps {
  label: string;
  hint: string;
  value: number;
  onChange(value: number): void;
  disabled?: boolean;
}

/** − value + for extra users or email blocks (0 to 45 by the buttons). */
export function ExtraCounter({ label, hint, value, onChange, disabled = false }: ExtraCounterProps) {
  const { t } = useTranslation('buy');
  const id = useId();
  return (
    <Stack
      direction="row"
      alignItems="center"
      justifyContent="space-between"
      spacing={1}
      role="group"
      aria-labelledby={`${id}-label`}
    >
      <div>
        <Typography id={`${id}-label`} variant="body2" fontWeight={600}>
          {label}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {hint}
        </Typography>
      </div>
      <Stack direction="row" alignItems="center" spacing={0.5} sx={{ flexShrink: 0 }}>
        <IconButton
          size="small"
          aria-label={t('counter_decrease', { label })}
          disabled={disabled || !canDecrease(value)}
          onClick={() => onChange(value - 1)}
        >
          <RemoveIcon fontSize="small" />
        </IconButton>
        <Typography component="output" aria-live="polite" aria-label={label} sx={{ minWidth: 24, textAlign: 'center' }}>
          {value}
        </Typography>
        <IconButton
          size="small"
          aria-label={t('counter_increase', { label })}
          disabled={disabled || !canIncrease(value)}
          onClick={() => onChange(value + 1)}
        >
          <AddIcon fontSize="small" />
        </IconButton>
      </Stack>
    </Stack>
  );
}
