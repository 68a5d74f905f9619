import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRIES } from '@portal/shared/domain';

export interface CountryOption {
  code: string;
  label: string;
}

/** The 20 selectable countries with their names in the portal's language, and the one `value` names (or null). */
export function useCountryOptions(value: string) {
  const { i18n } = useTranslation('account');
  const options = useMemo<CountryOption[]>(() => {
    const lang = i18n.language?.startsWith('en') ? 'en' : 'de';
    return COUNTRIES.map((c) => ({ code: c.code, label: c[lang] }));
  }, [i18n.language]);
  return { options, selected: options.find((o) => o.code === value) ?? null };
}
