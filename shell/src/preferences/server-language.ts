// The signed-in user's language on the server (GET|PUT /user/profile/language) next to the local preference.
// Both directions are silent: no spinner, and a failure is only logged, so a language switch never breaks.
import type { HttpClient } from '@portal/shared';
import { isLanguage, type Language } from '@portal/shared/domain';
import type { SessionStore } from '../session/session-store';
import { readStoredLanguageChoice, type PreferencesStore } from './preferences-store';

const LANGUAGE_PATH = '/user/profile/language';

type Log = (message: string, error?: unknown) => void;

const signedInUid = (session: SessionStore) => {
  const { user, token } = session.getState();
  return user && token ? user.uid : null;
};

/** Saves a language the user switched to, when someone is signed in. */
export async function saveServerLanguage(
  http: HttpClient,
  session: SessionStore,
  language: Language,
  log: Log,
): Promise<void> {
  if (!signedInUid(session)) return;
  try {
    await http.put(LANGUAGE_PATH, { language }, { silent: true });
  } catch (error) {
    log('Saving the language on the server failed', error);
  }
}

/**
 * After each sign-in (once the session's data load ran): without a language stored on this browser, apply the server's
 * language, from the loaded profile or else asked for. A stored local choice wins.
 */
export function watchServerLanguage(
  session: SessionStore,
  preferences: PreferencesStore,
  http: HttpClient,
  log: Log,
): () => void {
  let handledFor: string | null = null;

  const adopt = (language: unknown) => {
    if (isLanguage(language) && !readStoredLanguageChoice()) preferences.getState().adoptLanguage(language);
  };

  return session.subscribe((state) => {
    const uid = signedInUid(session);
    if (!uid) {
      handledFor = null;
      return;
    }
    if (!state.dataLoaded || handledFor === uid) return;
    handledFor = uid;
    if (readStoredLanguageChoice()) return;
    if (state.profile) {
      adopt(state.profile.language);
      return;
    }
    http
      .get<{ language: Language }>(LANGUAGE_PATH, { silent: true })
      .then((answer) => {
        if (signedInUid(session) === uid) adopt(answer?.language);
      })
      .catch((error: unknown) => log('Reading the language from the server failed', error));
  });
}
