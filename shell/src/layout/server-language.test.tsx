import { screen, waitFor, within } from '@testing-library/react';
import { createFakeHttp } from '@portal/shared/testing';
import { apiError } from '../testing/fixtures';
import { renderShell } from '../testing/render-shell';

const languageCalls = (view: ReturnType<typeof renderShell>, method: string) =>
  view.http.calls.filter((request) => request.method === method && request.path === '/user/profile/language');

async function ready(view: ReturnType<typeof renderShell>) {
  await waitFor(() => expect(view.runtime.stores.session.getState().dataLoaded).toBe(true));
  // The signed-in layout is a lazily loaded chunk (routes/load-signed-in.ts).
  await screen.findByRole('main');
  return view;
}

beforeEach(() => {
  window.localStorage.clear();
  document.documentElement.lang = '';
});
afterEach(() => jest.restoreAllMocks());

describe('language switch of a signed-in user', () => {
  it('keeps the local choice and saves it on the server silently (no spinner)', async () => {
    const view = await ready(renderShell({ language: 'de' }));
    await view.userEvent.click(screen.getByRole('button', { name: 'English' }));

    expect(await screen.findByRole('link', { name: 'Log out' })).toBeInTheDocument();
    expect(window.localStorage.getItem('portal.language')).toBe('en');
    await waitFor(() =>
      expect(languageCalls(view, 'PUT')).toEqual([
        expect.objectContaining({ body: { language: 'en' }, options: { silent: true } }),
      ]),
    );

    await view.userEvent.click(screen.getByRole('button', { name: 'Deutsch' }));
    expect(await screen.findByRole('link', { name: 'Abmelden' })).toBeInTheDocument();
    await waitFor(() =>
      expect(languageCalls(view, 'PUT').map((request) => request.body)).toEqual([
        { language: 'en' },
        { language: 'de' },
      ]),
    );
  });

  it('still switches when saving on the server fails, and only logs the failure', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const http = createFakeHttp().on('PUT /user/profile/language', () => {
      throw apiError(500, 'internal', 'Internal Server Error');
    });
    const view = await ready(renderShell({ language: 'de', http }));
    await view.userEvent.click(screen.getByRole('button', { name: 'English' }));

    expect(await screen.findByRole('link', { name: 'Log out' })).toBeInTheDocument();
    expect(window.localStorage.getItem('portal.language')).toBe('en');
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith('Saving the language on the server failed', expect.anything()),
    );
    expect(within(screen.getByRole('region', { name: 'Notifications' })).queryByRole('alert')).not.toBeInTheDocument();
    expect(languageCalls(view, 'PUT')).toHaveLength(1);
  });

  it('does not call the server when nobody is signed in', async () => {
    const view = renderShell({ route: '/login', user: null, language: 'en' });
    await view.userEvent.click(await screen.findByRole('button', { name: 'Deutsch' }));
    expect(await screen.findByRole('heading', { name: 'Anmelden' })).toBeInTheDocument();
    expect(window.localStorage.getItem('portal.language')).toBe('de');
    expect(languageCalls(view, 'PUT')).toEqual([]);
  });
});

describe("the server's language after sign-in", () => {
  it('applies it on a first visit (no local choice) and remembers it, without saving it back', async () => {
    const http = createFakeHttp().on('GET /user/profile/language', { language: 'en' });
    const view = await ready(renderShell({ language: null, http }));

    expect(await screen.findByRole('link', { name: 'Log out' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.getItem('portal.language')).toBe('en');
    expect(languageCalls(view, 'GET')).toHaveLength(1);
    expect(languageCalls(view, 'PUT')).toEqual([]);
  });

  it('keeps a language stored on this browser', async () => {
    const http = createFakeHttp().on('GET /user/profile/language', { language: 'en' });
    const view = await ready(renderShell({ language: 'de', http }));

    expect(screen.getByRole('link', { name: 'Abmelden' })).toBeInTheDocument();
    expect(view.runtime.stores.preferences.getState().language).toBe('de');
    expect(window.localStorage.getItem('portal.language')).toBe('de');
  });

  it('asks for it when the profile could not be loaded', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const http = createFakeHttp()
      .on('GET /user/profile/contact', () => {
        throw apiError(500, 'internal', 'Internal Server Error');
      })
      .on('GET /user/profile/language', { language: 'en' });
    const view = await ready(renderShell({ language: null, http }));

    expect(await screen.findByRole('link', { name: 'Log out' })).toBeInTheDocument();
    expect(view.runtime.stores.session.getState().profile).toBeNull();
    expect(languageCalls(view, 'GET')).toEqual([
      expect.objectContaining({ options: {} }),
      expect.objectContaining({ options: { silent: true } }),
    ]);
  });
});
