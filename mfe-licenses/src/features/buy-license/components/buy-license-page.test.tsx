import type { PluginName } from '@portal/shared/domain';
import { demoCatalogue, renderWithPortal } from '@portal/shared/testing';
import { screen, within } from '@testing-library/react';
import remote from '../../../remote';
import { BuyLicensePage } from './buy-license-page';

function renderAt(route: string, language: 'en' | 'de' = 'en') {
  return renderWithPortal(<BuyLicensePage />, {
    route,
    path: '/licenses/buy',
    translations: [remote],
    language,
    http: {
      'GET /license/product/plugin/:plugin': (req: { params: { plugin: PluginName } }) =>
        demoCatalogue(req.params.plugin),
      'GET /license/product/all': () => [...demoCatalogue('fresh_desk'), ...demoCatalogue('mobile')],
    },
  });
}

describe('BuyLicensePage', () => {
  it.each([
    ['fresh_desk', 'Buy license: Freshdesk', 'Fresh Desk Basic Yearly'],
    ['magic_matrix', 'Buy license: Content Master', 'Content Master Basic Yearly'],
    ['gpsr', 'Buy license: GPSR', 'GPSR Free'],
    ['mobile', 'Buy license: Mobile app', 'Mobile App Free'],
    ['lieferbar', 'Buy license: Lieferbar', 'Lieferbar Basic Yearly'],
  ])('?plugin=%s shows that plugin’s header and plans', async (plugin, heading, card) => {
    const { http } = renderAt(`/licenses/buy?plugin=${plugin}`);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: card }, { timeout: 10_000 })).toBeInTheDocument();
    expect(http.callsTo('GET /license/product/plugin/:plugin')[0].path).toBe(`/license/product/plugin/${plugin}`);
    expect(screen.queryByText(/not possible|not available here/i)).not.toBeInTheDocument();
  });

  it.each(['/licenses/buy', '/licenses/buy?plugin=nonsense'])('shows the default page for %s', async (route) => {
    const { http } = renderAt(route);
    expect(await screen.findByRole('heading', { level: 1, name: 'Buy license' })).toBeInTheDocument();
    const choose = await screen.findByRole('region', { name: 'Choose a plugin' }, { timeout: 10_000 });
    expect(await within(choose).findByRole('link', { name: 'Plans for Freshdesk' })).toBeInTheDocument();
    expect(http.callsTo('GET /license/product/plugin/:plugin')).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'Need help?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/dashboard');
  });

  it('is translated to German', async () => {
    renderAt('/licenses/buy?plugin=mobile', 'de');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lizenz kaufen: Mobile App' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Jährlich' }, { timeout: 10_000 })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('heading', { name: 'So funktioniert es' })).toBeInTheDocument();
  });
});
