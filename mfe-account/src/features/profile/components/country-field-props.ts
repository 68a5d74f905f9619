import type { Ref } from 'react';

/** What the country field takes: the stand-in (CountrySelect) and the picker it loads (CountryAutocomplete) alike. */
export interface CountrySelectProps {
  value: string;
  onChange: (code: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  /** i18n key of the `common` namespace. */
  error?: string;
  id?: string;
}

/** What the stand-in hands over when the picker replaces it while the visitor is in the field. */
export interface CountryHandover {
  /** The stand-in had the focus. */
  autoFocus?: boolean;
  /** Text typed into the stand-in (undefined: none). */
  typed?: string;
  /** The visitor clicked, typed or pressed an arrow key: the list opens at once. */
  open?: boolean;
}
