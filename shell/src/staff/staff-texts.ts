import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import de from '../locales/staff/de.json';
import en from '../locales/staff/en.json';

/**
 * The console's texts (`staff_*` keys of the shell namespace) ride in the console's own chunk, not in the bundle
 * every page (and /login) loads: added to the shell's i18next instance when the console first renders.
 */
export function useStaffTexts() {
  const { i18n } = useTranslation('shell');
  useState(() => {
    for (const [language, texts] of [['en', en] as const, ['de', de] as const]) {
      if (!i18n.hasResourceBundle(language, 'shell') || !i18n.exists('staff_title', { ns: 'shell', lng: language })) {
        i18n.addResourceBundle(language, 'shell', texts, true, false);
      }
    }
    return true;
  });
}
