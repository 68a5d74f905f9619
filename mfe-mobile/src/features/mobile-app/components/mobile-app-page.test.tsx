import { demoLicenses, demoSubApiUser, renderWithPortal } from '@portal/shared/testing';
import type { License } from '@portal/shared/domain';
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
  });
}

const promo = (name = 'Upgrade your plan') => screen.queryByRole('complementary', { name });

describe('MobileAppPage', () => {
  it('has a back button and offers the upgrade to a main user with only a free mobile license', () => {
    renderPage({ session: { licenses: [freeMobile()] } });
    expect(screen.getByRole('heading', { level: 1, name: 'Mobile app' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/dashboard');
    expect(promo()).toHaveTextContent('You are not using a paid Mobile app plan yet.');
    expect(within(promo()!).getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/licenses/buy?plugin=mobile',
    );
  });

  it('shows no promo with a paid mobile license, nor to a sub-user (German)', () => {
    const view = renderPage({ session: { licenses: [paidMobile()] } });
    expect(promo()).not.toBeInTheDocument();
    view.unmount();
    renderPage({ language: 'de', session: { licenses: [], apiUser: demoSubApiUser() } });
    expect(screen.getByRole('heading', { level: 1, name: 'Mobile App' })).toBeInTheDocument();
    expect(promo('Tarif upgraden')).not.toBeInTheDocument();
  });

  it('offers the promo in German when the paid license expired', () => {
    renderPage({
      language: 'de',
      session: { licenses: [{ ...paidMobile(), licenseExpired: '2020-01-01T00:00:00.000Z' }] },
    });
    expect(promo('Tarif upgraden')).toHaveTextContent('Sie nutzen noch keinen kostenpflichtigen Mobile App-Tarif.');
  });

  it('waits for the licenses, and offers Retry when they failed', async () => {
    const view = renderPage({ session: { licenses: [], profile: null } });
    expect(screen.getByRole('status')).toHaveTextContent('Checking your license…');
    expect(promo()).not.toBeInTheDocument();
    view.unmount();

    const failed = renderPage({ session: { licenses: [], failedParts: ['licenses'] } });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Your licenses could not be loaded');
    await failed.user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(failed.session.refreshed).toEqual(['licenses']);
  });
});
