import { keyDifferences } from '@portal/shared';
import de from './de.json';
import en from './en.json';
import { loadShellI18n } from '../i18n/create-shell-i18n';

describe('shell locales', () => {
  it('en and de have the same keys and no empty values', () => {
    expect(keyDifferences(en, de)).toEqual({ onlyInEn: [], onlyInDe: [] });
    for (const [key, value] of [...Object.entries(en), ...Object.entries(de)]) {
      expect(`${key}: ${value.trim() ? 'ok' : 'empty'}`).toBe(`${key}: ok`);
    }
  });

  it('has every form and auth error message the shell uses, in both languages', async () => {
    const i18n = { en: await loadShellI18n('en'), de: await loadShellI18n('de') };
    // The form messages of the shared schemas live in the common namespace.
    for (const key of [
      'validation_email_required',
      'validation_email_invalid',
      'email_invalid',
      'validation_password_required',
      'validation_password_short',
      'validation_password_mismatch',
      'validation_terms_required',
    ]) {
      for (const language of ['en', 'de'] as const) {
        expect(i18n[language].getResource(language, 'common', key)).toEqual(expect.any(String));
      }
    }
    for (const key of [
      'error_invalid_credentials',
      'error_user_not_found',
      'error_wrong_password',
      'error_email_in_use',
      'error_unexpected',
      'notification_error',
      'linkSentToPasswordReset',
      'approval_result_success_message',
      'card_hint_profile',
      'card_hint_avv',
      'card_hint_dataSource',
    ]) {
      expect(en).toHaveProperty([key]);
    }
    expect(en.card_hint_profile).toBe('Profile information is incomplete');
    expect(en.card_hint_avv).toBe('AVV is not accepted');
    expect(en.card_hint_dataSource).toBe('Database information is incomplete');
    expect(en.only_parent_can_buy).toBe('Only the parent user can buy a license');
  });
});
