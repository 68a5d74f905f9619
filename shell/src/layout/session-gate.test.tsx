import { screen } from '@testing-library/react';
import { renderWithPortal, type FakeSessionInput } from '@portal/shared/testing';
import de from '../locales/de.json';
import en from '../locales/en.json';
import { createFakeHttp } from '@portal/shared/testing';
import { apiError } from '../testing/fixtures';
import { renderShell } from '../testing/render-shell';
import { SessionGate } from './session-gate';

const shellTranslations = { id: 'shell', translations: { en, de } };

function renderGate(language: 'en' | 'de', session: FakeSessionInput) {
  return renderWithPortal(<SessionGate>page content</SessionGate>, {
    language,
    session,
    translations: [shellTranslations],
  });
}

describe('SessionGate', () => {
  it('shows the page when the api user is there', () => {
    renderGate('en', {});
    expect(screen.getByText('page content')).toBeInTheDocument();
  });

  it.each([
    ['en', 'Your account could not be loaded.', 'Retry'],
    ['de', 'Ihr Konto konnte nicht geladen werden.', 'Erneut versuchen'],
  ] as const)('offers Retry when the api user could not be loaded (%s)', async (language, message, retry) => {
    const { user, session } = renderGate(language, { apiUser: null, profile: null, failedParts: ['user'] });
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByText('page content')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: retry }));
    expect(session.refreshed).toEqual(['user']);
  });
});

describe('inactive account', () => {
  it.each([
    ['en', 'Your account is inactive. Contact your administrator'],
    ['de', 'Ihr Konto ist inaktiv. Wenden Sie sich an Ihren Administrator'],
  ] as const)('tells the user instead of showing dashboard placeholders (%s)', async (language, message) => {
    const http = createFakeHttp().on('GET /user', () => {
      throw apiError(403, 'account-inactive', 'Your account is inactive. Contact your administrator');
    });
    renderShell({ language, http });
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: /Loading|Lädt/ })).not.toBeInTheDocument();
  });
});
