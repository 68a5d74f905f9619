import { screen, within } from '@testing-library/react';
import { demoLicenses, demoSubApiUser, renderWithPortal } from '../testing';
import { LicenseRequired } from './license-required';
import { UpgradePromo } from './upgrade-promo';

describe('LicenseRequired', () => {
  it('names the plugin and links Buy to its buy page; German', () => {
    const view = renderWithPortal(<LicenseRequired pluginName="gpsr" pluginLabel="GPSR" />);
    const panel = screen.getByRole('region', { name: 'License Required' });
    expect(panel).toHaveTextContent('Please purchase a license for GPSR.');
    expect(within(panel).getByRole('link', { name: 'Buy' })).toHaveAttribute('href', '/licenses/buy?plugin=gpsr');
    view.unmount();
    renderWithPortal(<LicenseRequired pluginName="gpsr" pluginLabel="GPSR" />, { language: 'de' });
    expect(screen.getByRole('link', { name: 'Kaufen' })).toBeInTheDocument();
  });

  it('tells a sub-user that only the parent user can buy', () => {
    renderWithPortal(<LicenseRequired pluginName="gpsr" pluginLabel="GPSR" />, {
      session: { apiUser: demoSubApiUser() },
    });
    expect(screen.queryByRole('link', { name: 'Buy' })).not.toBeInTheDocument();
    expect(screen.getByText('Only the parent user can buy a license')).toBeInTheDocument();
  });
});

describe('UpgradePromo', () => {
  it('shows without a paid active license and hides with one', () => {
    const view = renderWithPortal(<UpgradePromo pluginName="fresh_desk" pluginLabel="Freshdesk" />, {
      session: { licenses: [] },
    });
    expect(screen.getByRole('complementary', { name: 'Upgrade your plan' })).toHaveTextContent(
      'You are not using a paid Freshdesk plan yet.',
    );
    view.unmount();
    renderWithPortal(<UpgradePromo pluginName="fresh_desk" pluginLabel="Freshdesk" />, {
      session: { licenses: demoLicenses() },
    });
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });
});
