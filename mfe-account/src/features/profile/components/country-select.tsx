import { useMemo, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { COUNTRIES } from '@portal/shared/domain';
import { CountryFlag } from './country-flag';

interface CountryOption {
  code: string;
  label: string;
}

export interface CountrySelectProps {
  value: string;
  onChange: (code: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  /** i18n key of the `common` namespace. */
  error?: string;
  id?: string;
}

/** Searchable selector of the 20 countries of spec §2 (flag + localized name). */
export function CountrySelect({
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  id = 'profile-country',
}: CountrySelectProps) {
  const { t, i18n } = useTranslation('account');
  const options = useMemo<CountryOption[]>(() => {
    const lang = i18n.language?.startsWith('en') ? 'en' : 'de';
    return COUNTRIES.map((c) => ({ code: c.code, label: c[lang] }));
  }, [i18n.language]);
  const selected = options.find((o) => o.code === value) ?? null;

  return (
    <Autocomplete
      id={id}
      options={options}
      value={selected}
      onChange={(_e, option) => onChange(option?.code ?? '')}
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
