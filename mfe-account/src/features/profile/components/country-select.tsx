import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Box from '@mui/material/Box';
import { FormTextField } from '@portal/shared';
import type { CountryAutocomplete } from './country-autocomplete';
import type { CountryHandover, CountrySelectProps } from './country-field-props';
import { CountryFlag } from './country-flag';
import { useCountryOptions } from './country-options';

/**
 * The country field. The searchable picker (MUI's Autocomplete, about 17 KB) loads when the visitor points at or
 * enters the field, not with the page, so /profile keeps within its 350 KB JavaScript budget. Until then a plain
 * field of the same look shows the selected country; what the visitor does there (focus, typed text, opening the
 * list) carries over to the picker.
 */
export function CountrySelect(props: CountrySelectProps) {
  const { value, onBlur, inputRef, error, id = 'profile-country' } = props;
  const { t } = useTranslation('account');
  const { selected } = useCountryOptions(value);
  const [Picker, setPicker] = useState<typeof CountryAutocomplete>();
  const [handover, setHandover] = useState<CountryHandover>({});

  if (Picker) return <Picker {...props} {...handover} />;

  const load = () =>
    void import('./country-autocomplete').then(
      (module) => setPicker(() => module.CountryAutocomplete),
      () => undefined, // the stand-in stays; the next pointer or focus tries again
    );
  const update = (change: CountryHandover) => setHandover((current) => ({ ...current, ...change }));

  return (
    <FormTextField
      id={id}
      label={t('profile_country')}
      required
      value={handover.typed ?? selected?.label ?? ''}
      onPointerEnter={load}
      onFocus={() => {
        update({ autoFocus: true });
        load();
      }}
      onBlur={() => {
        setHandover({});
        onBlur?.();
      }}
      onMouseDown={() => update({ open: true })}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') update({ open: true });
      }}
      onChange={(event) => update({ typed: event.target.value, open: true })}
      inputRef={inputRef}
      error={Boolean(error)}
      helperText={error ? t(error, { ns: 'common' }) : undefined}
      autoComplete="off"
      htmlInput={{ role: 'combobox', 'aria-expanded': false, 'aria-autocomplete': 'list' }}
      startAdornment={
        selected ? (
          <Box component="span" aria-hidden sx={{ mr: 1, display: 'inline-flex' }}>
            <CountryFlag code={selected.code} />
          </Box>
        ) : undefined
      }
      endAdornment={<ArrowDropDown aria-hidden sx={{ color: 'action.active', mr: -0.5 }} />}
    />
  );
}
