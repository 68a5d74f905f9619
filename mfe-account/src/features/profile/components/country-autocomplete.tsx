import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { CountryFlag } from './country-flag';
import { useCountryOptions } from './country-options';
import type { CountryHandover, CountrySelectProps } from './country-field-props';

/** Searchable selector of the 20 selectable countries (flag + localized name); loaded by CountrySelect on use. */
export function CountryAutocomplete({
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  id = 'profile-country',
  autoFocus = false,
  typed,
  open: initiallyOpen = false,
}: CountrySelectProps & CountryHandover) {
  const { t } = useTranslation('account');
  const { options, selected } = useCountryOptions(value);
  const [open, setOpen] = useState(initiallyOpen);
  const [inputValue, setInputValue] = useState(typed ?? selected?.label ?? '');
  // On mount, Autocomplete sets its text to the selected country's name (a 'reset' without an event); text the
  // visitor typed into the stand-in wins over that once.
  const keepTyped = useRef(autoFocus && typed !== undefined);

  return (
    <Autocomplete
      id={id}
      options={options}
      value={selected}
      onChange={(_e, option) => onChange(option?.code ?? '')}
      inputValue={inputValue}
      onInputChange={(event, next, reason) => {
        const mountReset = reason === 'reset' && event === null && keepTyped.current;
        keepTyped.current = false;
        if (!mountReset) setInputValue(next);
      }}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      onBlur={onBlur}
      getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.code === b.code}
      filterOptions={(opts, state) => {
        const q = state.inputValue.trim().toLowerCase();
        return q ? opts.filter((o) => o.label.toLowerCase().includes(q) || o.code.toLowerCase() === q) : opts;
      }}
      autoHighlight
      renderOption={(props, option) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <Box component="li" key={key} {...rest} sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
            <CountryFlag code={option.code} />
            {option.label}
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          autoFocus={autoFocus}
          label={t('profile_country')}
          required
          error={Boolean(error)}
          helperText={error ? t(error, { ns: 'common' }) : undefined}
          InputProps={{
            ...params.InputProps,
            startAdornment: selected ? (
              <Box component="span" aria-hidden sx={{ ml: 0.5, mr: 0.5, display: 'inline-flex' }}>
                <CountryFlag code={selected.code} />
              </Box>
            ) : undefined,
          }}
        />
      )}
    />
  );
}
