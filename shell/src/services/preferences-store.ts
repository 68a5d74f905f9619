// Language (default de) and theme (default light), persisted in localStorage (spec §9).
import { createStore } from 'zustand/vanilla';
import type { Language, Theme } from '@portal/shared/domain';

export const LANGUAGE_STORAGE_KEY = 'portal.language';
export const THEME_STORAGE_KEY = 'portal.theme';

export interface PreferencesState {
  language: Language;
  theme: Theme;
  setLanguage(language: Language): void;
  setTheme(theme: Theme): void;
}

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage can be disabled (private mode); the preference then lasts for this page only.
  }
}

export function readStoredLanguage(): Language {
  return readStorage(LANGUAGE_STORAGE_KEY) === 'en' ? 'en' : 'de';
}

export function readStoredTheme(): Theme {
  return readStorage(THEME_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
}

export function createPreferencesStore() {
  return createStore<PreferencesState>((set) => ({
    language: readStoredLanguage(),
    theme: readStoredTheme(),
    setLanguage(language) {
      writeStorage(LANGUAGE_STORAGE_KEY, language);
      set({ language });
    },
    setTheme(theme) {
      writeStorage(THEME_STORAGE_KEY, theme);
      set({ theme });
    },
  }));
}

export type PreferencesStore = ReturnType<typeof createPreferencesStore>;
