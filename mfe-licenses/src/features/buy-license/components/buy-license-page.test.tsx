import { renderWithPortal } from '@portal/shared/testing';
import { screen } from '@testing-library/react';
import remote from '../../../remote';
import { BuyLicensePage } from './buy-license-page';

function renderAt(route: string, language: 'en' | 'de' = 'en') {
  return renderWithPortal(<BuyLicensePage />, { route, path: '/licenses/buy', translations: [remote], language });
}

describe('BuyLicensePage', () => {
  it.each([
    ['fresh_desk', 'Buy license: Freshdesk'],
    ['magic_matrix', 'Buy license: Content Master'],
    ['gpsr', 'Buy license: GPSR'],
    ['mobile', 'Buy license: Mobile app'],
  ])('names the plugin from ?plugin=%s in the header', (plugin, heading) => {
    renderAt(`/licenses/buy?plugin=${plugin}`);
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it.each(['/licenses/buy', '/licenses/buy?plugin=lieferbar', '/licenses/buy?plugin=nonsense'])(
    'shows the default page for %s',
    (route) => {
      renderAt(route);
      expect(screen.getByRole('heading', { level: 1, name: 'Buy license' })).toBeInTheDocument();
    },
  );

  it('says honestly that purchasing is not possible here yet, and offers the contact form and a way back', () => {
    renderAt('/licenses/buy?plugin=gpsr');
    expect(screen.getByText('Purchase not available here yet')).toBeInTheDocument();
    expect(screen.getByText(/arrive with the billing work/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Need help?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/dashboard');
  });

  it('is translated to German', () => {
    renderAt('/licenses/buy?plugin=mobile', 'de');
    expect(screen.getByRole('heading', { level: 1, name: 'Lizenz kaufen: Mobile App' })).toBeInTheDocument();
    expect(screen.getByText('Kauf hier noch nicht möglich')).toBeInTheDocument();
  });
});
