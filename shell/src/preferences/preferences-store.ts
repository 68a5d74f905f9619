// Language (default de) and theme (default light), persisted in localStorage.
import { createStore } from 'zustand/vanilla';
import { THEME_STORAGE_KEY } from '@portal/shared';
import { isLanguage, type Language, type Theme } from '@portal/shared/domain';

export const LANGUAGE_STORAGE_KEY = 'portal.language';

export interface PreferencesState {
  language: Language;
  theme: Theme;
  /** The user's choice: persisted locally and reported to onLanguageChosen. */
  setLanguage(language: Language): void;
  /** The server's language on a browser without a local choice: persisted locally, not reported back. */
  adoptLanguage(language: Language): void;
  setTheme(theme: Theme): void;
}

export interface PreferencesOptions {
  /** Called when the user switches the language (the shell saves it on the server). */
  onLanguageChosen?(language: Language): void;
  /** The preferences to start with instead of the stored ones (a page drawn at build time has no storage). */
  initial?: { language: Language; theme: Theme };
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
  return readStoredLanguageChoice() ?? 'de';
}

/** The language stored on this browser, or null when none was chosen here yet. */
export function readStoredLanguageChoice(): Language | null {
  const stored = readStorage(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : null;
}

export function readStoredTheme(): Theme {
  return readStorage(THEME_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
}

export function createPreferencesStore({ onLanguageChosen, initial }: PreferencesOptions = {}) {
  return createStore<PreferencesState>((set, get) => ({
    language: initial?.language ?? readStoredLanguage(),
    theme: initial?.theme ?? readStoredTheme(),
    setLanguage(language) {
      const changed = language !== get().language;
      writeStorage(LANGUAGE_STORAGE_KEY, language);
      set({ language });
      if (changed) onLanguageChosen?.(language);
    },
    adoptLanguage(language) {
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
