import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useTranslation } from 'react-i18next';
import { shakeAnimation } from '../../use-shake';

export interface AutoUpgradeConsentProps {
  checked: boolean;
  onChange(checked: boolean): void;
  /** True for SHAKE_MS after a Buy click without consent. */
  shaking: boolean;
  disabled?: boolean;
}

/** 'I agree to automatic package upgrades if base limits are exceeded' (fresh_desk paid plans). */
export function AutoUpgradeConsent({ checked, onChange, shaking, disabled }: AutoUpgradeConsentProps) {
  const { t } = useTranslation('buy');
  return (
    <Box
      data-shaking={shaking || undefined}
      sx={{
        animation: shaking ? shakeAnimation() : 'none',
        '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        borderRadius: 1,
        outline: shaking ? '2px solid' : 'none',
        outlineColor: 'error.main',
      }}
    >
      <FormControlLabel
        control={
          <Checkbox checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />
        }
        label={t('auto_upgrade_label')}
        slotProps={{ typography: { variant: 'body2' } }}
      />
    </Box>
  );
}
