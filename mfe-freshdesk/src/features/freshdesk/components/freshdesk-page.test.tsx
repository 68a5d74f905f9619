import { ApiError } from '@portal/shared';
import { demoCatalogue, demoLicenses, demoLinks, demoSubApiUser, renderWithPortal } from '@portal/shared/testing';
import type { License, PluginName } from '@portal/shared/domain';
import { screen, waitFor, within } from '@testing-library/react';
import remote from '../../../remote';
import { FreshdeskPage } from './freshdesk-page';

const KEY = 'fdk_Z3JlYXQta2V5LWZvci10ZXN0cw';
const USAGE = { licenseId: 'lic-fd', month: '2026-11', used: 1234, included: 2000 };
const paid = (): License => demoLicenses()[0]; // active fresh_desk subscription, 19.90 €
const trial = (): License => ({ ...paid(), id: 'lic-fd-trial', priceNetto: { amount: 0, currency: 'EUR' } });

function renderPage(options: Parameters<typeof renderWithPortal>[1] = {}) {
  return renderWithPortal(<FreshdeskPage />, {
    route: '/features/freshdesk',
    path: '/features/freshdesk',
    translations: [remote],
    ...options,
    http: {
      'GET /user/freshdesk-api-key': { api_key: KEY },
      'GET /license/usage': USAGE,
      'GET /license/product/plugin/:plugin': (req: { params: { plugin: PluginName } }) =>
        demoCatalogue(req.params.plugin),
      ...options.http,
    },
  });
}

describe('FreshdeskPage without a valid license', () => {
  it('shows License Required with a Buy button and asks for no key', async () => {
    const view = renderPage({ session: { licenses: [{ ...paid(), status: 'inactive' }] } });
    const panel = screen.getByRole('region', { name: 'License Required' });
    expect(panel).toHaveTextContent(
      'You need a valid license to access this feature. Please purchase a license for Freshdesk.',
    );
    expect(within(panel).getByRole('link', { name: 'Buy' })).toHaveAttribute('href', '/licenses/buy?plugin=fresh_desk');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/dashboard');
    expect(view.http.callsTo('GET /user/freshdesk-api-key')).toHaveLength(0);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('in German, and for a sub-user without a Buy button', () => {
    renderPage({ language: 'de', session: { licenses: [], apiUser: demoSubApiUser() } });
    const panel = screen.getByRole('region', { name: 'Lizenz erforderlich' });
    expect(panel).toHaveTextContent('Bitte erwerben Sie eine Lizenz für Freshdesk.');
    expect(within(panel).queryByRole('link')).not.toBeInTheDocument();
    expect(panel).toHaveTextContent('Nur der Hauptbenutzer kann eine Lizenz kaufen');
  });

  it('shows it too when the api refuses the key for want of a license', async () => {
    renderPage({
      session: { licenses: [paid()] },
      http: { 'GET /user/freshdesk-api-key': new ApiError(403, 'license-required', 'You need a valid license') },
    });
    expect(await screen.findByRole('region', { name: 'License Required' })).toBeInTheDocument();
  });
});

describe('FreshdeskPage with a valid license', () => {
  it('shows the API key and copies it, without an upgrade promo for a paid plan', async () => {
    const view = renderPage({ session: { licenses: [paid()] } });
    const field = await screen.findByRole('textbox', { name: 'API key' });
    expect(field).toHaveValue(KEY);
    expect(field).toHaveAttribute('readonly');
    expect(screen.queryByRole('complementary', { name: 'Upgrade your plan' })).not.toBeInTheDocument();

    await view.user.click(screen.getByRole('button', { name: 'Copy API key' }));
    expect(await navigator.clipboard.readText()).toBe(KEY);
    expect(view.notify.last()).toEqual({
      type: 'success',
      title: 'Success',
      message: 'API key copied to the clipboard.',
    });
    expect(screen.getByRole('link', { name: /Open the manual/ })).toHaveAttribute('target', '_blank');
  });

  it('links the manual where the portal configuration says, and leaves the card out when it names none', async () => {
    const links = { ...demoLinks(), freshdeskManual: 'https://www.nordlicht-portal.de/handbuch/freshdesk-connector' };
    const view = renderPage({ session: { licenses: [paid()] }, services: { links } });
    await screen.findByRole('textbox', { name: 'API key' });
    expect(screen.getByRole('link', { name: /Open the manual/ })).toHaveAttribute(
      'href',
      'https://www.nordlicht-portal.de/handbuch/freshdesk-connector',
    );
    view.unmount();
    renderPage({
      session: { licenses: [paid()] },
      services: { links: { ...demoLinks(), freshdeskManual: undefined } },
    });
    await screen.findByRole('textbox', { name: 'API key' });
    expect(screen.queryByRole('link', { name: /Open the manual/ })).not.toBeInTheDocument();
  });

  it('says when copying fails (freshdesk_copy_error), in German', async () => {
    const view = renderPage({ language: 'de', session: { licenses: [paid()] } });
    await screen.findByRole('textbox', { name: 'API-Schlüssel' });
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    await view.user.click(screen.getByRole('button', { name: 'API-Schlüssel kopieren' }));
    await waitFor(() =>
      expect(view.notify.last('error')?.message).toBe(
        'Der API-Schlüssel konnte nicht kopiert werden. Bitte markieren und kopieren Sie ihn von Hand.',
      ),
    );
  });

  it('rejects a key containing a colon as invalid: no key, no copy button', async () => {
    renderPage({ session: { licenses: [paid()] }, http: { 'GET /user/freshdesk-api-key': { api_key: 'abc:def' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The API key received is invalid');
    expect(screen.queryByDisplayValue('abc:def')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy API key' })).not.toBeInTheDocument();
  });

  it('shows a loading state, then an error with Retry that loads the key again', async () => {
    const view = renderPage({
      session: { licenses: [paid()] },
      http: { 'GET /user/freshdesk-api-key': new ApiError(500, 'internal-error', 'boom') },
    });
    expect(screen.getByRole('status', { name: 'Loading the API key…' })).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The API key could not be loaded');
    expect(alert).not.toHaveTextContent('boom');
    view.http.on('GET /user/freshdesk-api-key', { api_key: KEY });
    await view.user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('textbox', { name: 'API key' })).toHaveValue(KEY);
  });

  it('offers the upgrade to a main user on a free or trial plan, never to a sub-user', async () => {
    const view = renderPage({ session: { licenses: [trial()] } });
    await screen.findByRole('textbox', { name: 'API key' });
    const promo = screen.getByRole('complementary', { name: 'Upgrade your plan' });
    expect(promo).toHaveTextContent('You are not using a paid Freshdesk plan yet.');
    expect(within(promo).getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/licenses/buy?plugin=fresh_desk',
    );
    view.unmount();

    renderPage({ session: { licenses: [trial()], apiUser: demoSubApiUser() } });
    await screen.findByRole('textbox', { name: 'API key' });
    expect(screen.queryByRole('complementary', { name: 'Upgrade your plan' })).not.toBeInTheDocument();
  });
});

describe('FreshdeskPage buy sections', () => {
  it('follow the key and the manual: how-it-works, fresh_desk plans, FAQ, why-choose, work example, get-now, contact', async () => {
    const view = renderPage({ session: { licenses: [paid()] } });
    await screen.findByRole('textbox', { name: 'API key' });
    await screen.findByRole('article', { name: 'Fresh Desk Basic Yearly' }, { timeout: 10_000 });
    const h2 = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(h2).toEqual([
      'Emails this month',
      'Your API key',
      'Manual',
      'How it works',
      'Plans and prices',
      'Frequently asked questions',
      'Why sellers choose it',
      'See it at work',
      'Get it now',
      'Need help?',
    ]);
    expect(view.http.callsTo('GET /license/product/plugin/:plugin')[0].path).toBe('/license/product/plugin/fresh_desk');
  });

  it('in German, and not without a license', async () => {
    const view = renderPage({ language: 'de', session: { licenses: [paid()] } });
    expect(await screen.findByRole('region', { name: 'So funktioniert es' }, { timeout: 10_000 })).toBeInTheDocument();
    view.unmount();
    renderPage({ session: { licenses: [] } });
    expect(screen.getByRole('region', { name: 'License Required' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'How it works' })).not.toBeInTheDocument();
  });
});

describe('FreshdeskPage while the licenses load or failed', () => {
  it('waits for the licenses, then retries them on request', async () => {
    const view = renderPage({ session: { licenses: [], profile: null } });
    expect(screen.getByRole('status')).toHaveTextContent('Checking your license…');
    view.unmount();

    const failed = renderPage({ session: { licenses: [], failedParts: ['licenses'] } });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Your licenses could not be loaded');
    await failed.user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(failed.session.refreshed).toEqual(['licenses']);
  });
});

describe('FreshdeskPage emails this month', () => {
  const card = () => screen.getByRole('region', { name: 'Emails this month' });

  it('shows used / included with a progress bar, asking for the fresh_desk usage', async () => {
    const view = renderPage({ session: { licenses: [paid()] } });
    expect(within(card()).getByRole('status', { name: "Loading this month's emails…" })).toBeInTheDocument();
    const bar = await within(card()).findByRole('progressbar', {
      name: 'Emails used of the emails included this month',
    });
    expect(bar).toHaveAttribute('aria-valuenow', '62');
    expect(bar).toHaveAttribute('aria-valuetext', '1,234 of 2,000 emails used');
    expect(card()).toHaveTextContent('November 2026');
    expect(card()).toHaveTextContent('1,234 of 2,000 emails used');
    expect(card()).toHaveTextContent('start afresh on the first day of each month');
    expect(view.http.callsTo('GET /license/usage')[0].query).toMatchObject({ pluginName: 'fresh_desk' });
  });

  it('in German, above the quota: a full bar and the overage note', async () => {
    renderPage({
      language: 'de',
      session: { licenses: [paid()] },
      http: { 'GET /license/usage': { ...USAGE, used: 3500 } },
    });
    const region = await screen.findByRole('region', { name: 'E-Mails in diesem Monat' });
    const bar = await within(region).findByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(region).toHaveTextContent('3.500 von 2.000 E-Mails genutzt');
    expect(region).toHaveTextContent('November 2026');
    expect(within(region).getByRole('alert')).toHaveTextContent(
      '1.500 E-Mails über Ihrem Tarif. Mehrverbrauch wird am Monatsende in Paketen zu je 1.000 E-Mails berechnet (höchstens 45 € im Monat)',
    );
  });

  it('says when nothing was sent yet', async () => {
    renderPage({ session: { licenses: [paid()] }, http: { 'GET /license/usage': { ...USAGE, used: 0 } } });
    expect(await screen.findByText('No emails sent this month yet.')).toBeInTheDocument();
    expect(within(card()).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  });

  it('shows an error with Retry that loads the usage again', async () => {
    const view = renderPage({
      session: { licenses: [paid()] },
      http: { 'GET /license/usage': new ApiError(500, 'internal-error', 'boom') },
    });
    const alert = await within(card()).findByRole('alert');
    expect(alert).toHaveTextContent("This month's emails could not be loaded");
    expect(alert).not.toHaveTextContent('boom');
    view.http.on('GET /license/usage', USAGE);
    await view.user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(card()).findByRole('progressbar')).toHaveAttribute('aria-valuenow', '62');
  });

  it('shows no card when the api knows no valid license for the usage', async () => {
    renderPage({
      session: { licenses: [paid()] },
      http: { 'GET /license/usage': new ApiError(404, 'license-required', 'No valid license of this plugin') },
    });
    await screen.findByRole('textbox', { name: 'API key' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Emails this month' })).not.toBeInTheDocument());
  });
});
