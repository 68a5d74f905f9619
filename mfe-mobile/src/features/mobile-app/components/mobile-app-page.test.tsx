import { demoCatalogue, demoLicenses, demoSubApiUser, renderWithPortal } from '@portal/shared/testing';
import type { License, PluginName } from '@portal/shared/domain';
import { screen, within } from '@testing-library/react';
import remote from '../../../remote';
import { MobileAppPage } from './mobile-app-page';

const paidMobile = (): License => demoLicenses()[1]; // mobile_default subscription, 9.90 €, active
const freeMobile = (): License => ({ ...paidMobile(), id: 'free', priceNetto: { amount: 0, currency: 'EUR' } });

function renderPage(options: Parameters<typeof renderWithPortal>[1] = {}) {
  return renderWithPortal(<MobileAppPage />, {
    route: '/features/mobile-app',
    path: '/features/mobile-app',
    translations: [remote],
    ...options,
    http: {
      'GET /license/product/plugin/:plugin': (req: { params: { plugin: PluginName } }) =>
        demoCatalogue(req.params.plugin),
      ...options.http,
    },
  });
}

/** The shared buy sections load their texts and code on first use; tests wait for them before they end. */
const buySectionsLoaded = () =>
  screen.findByRole('region', { name: /^(How it works|So funktioniert es)$/ }, { timeout: 10_000 });

const promo = (name = 'Upgrade your plan') => screen.queryByRole('complementary', { name });

describe('MobileAppPage', () => {
  it('has a back button and offers the upgrade to a main user with only a free mobile license', async () => {
    renderPage({ session: { licenses: [freeMobile()] } });
    expect(screen.getByRole('heading', { level: 1, name: 'Mobile app' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/dashboard');
    expect(promo()).toHaveTextContent('You are not using a paid Mobile app plan yet.');
    expect(within(promo()!).getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/licenses/buy?plugin=mobile',
    );
    await buySectionsLoaded();
  });

  it('shows no promo with a paid mobile license, nor to a sub-user (German)', async () => {
    const view = renderPage({ session: { licenses: [paidMobile()] } });
    await buySectionsLoaded();
    expect(promo()).not.toBeInTheDocument();
    view.unmount();
    renderPage({ language: 'de', session: { licenses: [], apiUser: demoSubApiUser() } });
    expect(screen.getByRole('heading', { level: 1, name: 'Mobile App' })).toBeInTheDocument();
    expect(promo('Tarif upgraden')).not.toBeInTheDocument();
    await buySectionsLoaded();
  });

  it('offers the promo in German when the paid license expired', async () => {
    renderPage({
      language: 'de',
      session: { licenses: [{ ...paidMobile(), licenseExpired: '2020-01-01T00:00:00.000Z' }] },
    });
    expect(promo('Tarif upgraden')).toHaveTextContent('Sie nutzen noch keinen kostenpflichtigen Mobile App-Tarif.');
    await buySectionsLoaded();
  });

  it('shows the buy sections of the mobile plugin: four steps, plans, store links with QR codes', async () => {
    const view = renderPage({ session: { licenses: [freeMobile()] } });
    const how = await screen.findByRole('region', { name: 'How it works' }, { timeout: 10_000 });
    expect(within(how).getAllByRole('listitem')).toHaveLength(4);
    const getNow = screen.getByRole('region', { name: 'Get it now' });
    expect(within(getNow).getByRole('link', { name: /Get it on Google Play/ })).toHaveAttribute('href');
    expect(within(getNow).getByRole('link', { name: /Download on the App Store/ })).toHaveAttribute('href');
    expect(await within(getNow).findByRole('img', { name: 'QR code: the app on Google Play' })).toBeInTheDocument();
    expect(await within(getNow).findByRole('img', { name: 'QR code: the app on the App Store' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Need help?' })).toBeInTheDocument();
    expect(view.http.callsTo('GET /license/product/plugin/:plugin')[0].path).toBe('/license/product/plugin/mobile');
  });

  it('shows the buy sections in German', async () => {
    renderPage({ language: 'de', session: { licenses: [] } });
    const how = await screen.findByRole('region', { name: 'So funktioniert es' }, { timeout: 10_000 });
    expect(within(how).getAllByRole('listitem')).toHaveLength(4);
  });

  it('waits for the licenses, and offers Retry when they failed', async () => {
    const view = renderPage({ session: { licenses: [], profile: null } });
    expect(screen.getByText('Checking your license…')).toBeInTheDocument();
    expect(promo()).not.toBeInTheDocument();
    await buySectionsLoaded();
    view.unmount();

    const failed = renderPage({ session: { licenses: [], failedParts: ['licenses'] } });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Your licenses could not be loaded');
    await failed.user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(failed.session.refreshed).toEqual(['licenses']);
    await buySectionsLoaded();
  });
});
