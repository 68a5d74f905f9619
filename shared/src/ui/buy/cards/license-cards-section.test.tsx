import { act, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '../../../services/api-error';
import { demoCatalogue } from '../../../testing/demo-catalogue';
import { demoProfile, demoSubApiUser } from '../../../testing/demo-data';
import { licenseFixture, runningSubscription } from '../../../testing/license-fixture';
import { renderWithPortal, type RenderWithPortalOptions } from '../../../testing/render-with-portal';
import type { License, PluginName, ProfileContact } from '../../../domain/types';
import { WithBuyTexts } from '../with-buy-texts';
import { LicenseCardsSection } from './license-cards-section';

const catalogue = {
  'GET /license/product/plugin/:plugin': (req: { params: { plugin: PluginName } }) => demoCatalogue(req.params.plugin),
};

function renderCards(plugin: 'fresh_desk' | 'mobile' | 'gpsr' = 'fresh_desk', options: RenderWithPortalOptions = {}) {
  return renderWithPortal(
    <WithBuyTexts fallback={null}>
      <LicenseCardsSection plugin={plugin} />
    </WithBuyTexts>,
    {
      ...options,
      http: { ...catalogue, ...options.http },
      route: '/licenses/buy',
    },
  );
}

/** The Fresh Desk Basic Yearly card as a buyer with the demo profile's `contact` changed by `changes` sees it. */
async function basicCardFor(changes: Partial<ProfileContact>) {
  const profile = demoProfile();
  profile.contact = { ...profile.contact, ...changes };
  renderCards('fresh_desk', { session: { profile } });
  return screen.findByRole('article', { name: 'Fresh Desk Basic Yearly' });
}

const card = (name: string) => screen.getByRole('article', { name });
const activeLicense = (productId: string, pluginName: PluginName = 'fresh_desk'): License =>
  licenseFixture({
    productId,
    productName: productId,
    pluginName,
    licenseExpired: '2099-05-01T00:00:00.000Z',
    priceNetto: { amount: 19900, currency: 'EUR' },
  });

describe('License cards', () => {
  it('start on Yearly with the yearly and free products, -17% and the struck-through original', async () => {
    renderCards();
    expect(await screen.findByRole('article', { name: 'Fresh Desk Basic Yearly' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Yearly' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('article', { name: 'Fresh Desk Trial' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Fresh Desk Basic' })).not.toBeInTheDocument();
    const basic = card('Fresh Desk Basic Yearly');
    expect(within(basic).getByText('-17%')).toBeInTheDocument();
    expect(within(basic).getAllByText('199,00 €')).toHaveLength(2); // price and net
    expect(within(basic).getByLabelText('Regular price 238,80 €')).toBeInTheDocument();
    expect(within(basic).getByText('per year')).toBeInTheDocument();
  });

  it('Monthly lists the non-yearly products without a badge', async () => {
    const { user } = renderCards();
    await screen.findByRole('article', { name: 'Fresh Desk Basic Yearly' });
    await user.click(screen.getByRole('button', { name: 'Monthly' }));
    const basic = card('Fresh Desk Basic');
    expect(within(basic).getAllByText('19,90 €')).toHaveLength(2); // price and net
    expect(within(basic).getByText('per month')).toBeInTheDocument();
    expect(within(basic).queryByText('-17%')).not.toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Fresh Desk Basic Yearly' })).not.toBeInTheDocument();
  });

  it('Half-yearly lists the six-month plans, priced per 6 months with extras shown per month', async () => {
    const { user } = renderCards();
    await screen.findByRole('article', { name: 'Fresh Desk Basic Yearly' });
    await user.click(screen.getByRole('button', { name: 'Half-yearly' }));
    const basic = card('Fresh Desk Basic Half-yearly');
    expect(within(basic).getAllByText('109,45 €')).toHaveLength(2); // 5.5 × 19,90 €: price and net
    expect(within(basic).getByText('per 6 months')).toBeInTheDocument();
    expect(within(basic).getByText('3,00 € per user and month')).toBeInTheDocument();
    expect(within(basic).queryByText('-17%')).not.toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Fresh Desk Basic' })).not.toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Fresh Desk Trial' })).not.toBeInTheDocument();
  });

  it('mobile plans say how many orders a day they follow (de/en)', async () => {
    renderCards('mobile');
    const basic = await screen.findByRole('article', { name: 'Mobile App Basic Yearly' });
    expect(within(basic).getByText('Up to 50 orders per day')).toBeInTheDocument();
    expect(within(card('Mobile App Optimal Yearly')).getByText('Up to 5000 orders per day')).toBeInTheDocument();
  });

  it('mobile plans say how many orders a day they follow, in German', async () => {
    renderCards('mobile', { language: 'de' });
    const basic = await screen.findByRole('article', { name: 'Mobile App Basic Yearly' });
    expect(within(basic).getByText('Bis zu 50 Bestellungen pro Tag')).toBeInTheDocument();
  });

  it('shows features, net price, 19 % VAT and the gross total that follows the counters', async () => {
    const { user } = renderCards();
    const basic = await screen.findByRole('article', { name: 'Fresh Desk Basic Yearly' });
    expect(within(basic).getByText('1000 emails per month')).toBeInTheDocument();
    expect(within(basic).getByText('Connection to your JTL-Wawi')).toBeInTheDocument();
    expect(within(basic).getByText('VAT 19 %')).toBeInTheDocument();
    expect(within(basic).getByText('236,81 €')).toBeInTheDocument();
    // One extra user on a yearly plan: 36,00 € a year (3,00 € a month shown on the card).
    expect(within(basic).getByText('3,00 € per user and month')).toBeInTheDocument();
    await user.click(within(basic).getByRole('button', { name: 'Add one: Extra users' }));
    expect(within(basic).getByText('235,00 €')).toBeInTheDocument();
    expect(within(basic).getByText('279,65 €')).toBeInTheDocument();
  });

  it("charges an EU buyer abroad whose VAT ID VIES has not confirmed their state's rate", async () => {
    const basic = await basicCardFor({ country: 'AT', vatID: 'ATU13585627' });
    expect(within(basic).getByText('VAT 20 % (Austria)')).toBeInTheDocument();
    expect(within(basic).getByText(/VAT of the recipient's country \(Austria\)/)).toBeInTheDocument();
    expect(within(basic).getByText('39,80 €')).toBeInTheDocument(); // 20 % of 199,00 €
  });

  it('shows 0 % and the reverse-charge wording once VIES confirmed the VAT ID', async () => {
    const basic = await basicCardFor({
      country: 'AT',
      vatID: 'ATU13585627',
      vatVerification: {
        status: 'valid',
        vatId: 'ATU13585627',
        name: 'Alpenblick Versandhandel GmbH',
        address: null,
        requestId: 'WAPIAAAAW',
        checkedAt: '2026-11-27T10:00:00Z',
        error: null,
      },
    });
    expect(within(basic).getByText('VAT 0 % (reverse charge)')).toBeInTheDocument();
    expect(within(basic).getByText(/Reverse charge\. VAT to be accounted for by the recipient/)).toBeInTheDocument();
  });

  it('shows 0 % and why for a buyer outside the EU', async () => {
    const basic = await basicCardFor({ country: 'CH', vatID: 'CHE123456788' });
    expect(within(basic).getByText('VAT 0 % (not taxable in Germany)')).toBeInTheDocument();
    expect(within(basic).getByText(/Not taxable in Germany\. The place of supply/)).toBeInTheDocument();
  });

  it('counters go from 0 up to 45 and no further', async () => {
    const { user } = renderCards();
    const basic = await screen.findByRole('article', { name: 'Fresh Desk Basic Yearly' });
    const minus = within(basic).getByRole('button', { name: 'Remove one: Extra email blocks' });
    const plus = within(basic).getByRole('button', { name: 'Add one: Extra email blocks' });
    expect(minus).toBeDisabled();
    for (let i = 0; i < 45; i += 1) await user.click(plus);
    expect(within(basic).getByRole('status', { name: 'Extra email blocks' })).toHaveTextContent('45');
    expect(plus).toBeDisabled();
    expect(minus).toBeEnabled();
  });

  it('disables the counters of a product the seller already has and shows its state', async () => {
    renderCards('fresh_desk', { session: { licenses: [activeLicense('fresh_desk-basic-yearly')] } });
    const basic = await screen.findByRole('article', { name: 'Fresh Desk Basic Yearly' });
    expect(within(basic).getByRole('button', { name: 'Add one: Extra users' })).toBeDisabled();
    expect(within(basic).getByText('Active until 01.05.2099')).toBeInTheDocument();
    expect(within(basic).getByRole('button', { name: 'Active' })).toBeDisabled();
    expect(
      within(card('Fresh Desk Advanced Yearly')).getByRole('button', { name: 'Add one: Extra users' }),
    ).toBeEnabled();
  });

  const subscribed = (productId: string, extraUsers = 0): License => ({
    ...activeLicense(productId),
    licenseTypeDetails: { type: 'subscription', extraOptions: { extra_users_count: extraUsers } },
    subscription: runningSubscription('2099-05-01T00:00:00.000Z'),
  });

  it('with a subscription of the plugin: "Current plan" on its plan, "Change plan" on the others', async () => {
    renderCards('fresh_desk', { session: { licenses: [subscribed('fresh_desk-basic-yearly')] } });
    const basic = await screen.findByRole('article', { name: 'Fresh Desk Basic Yearly' });
    expect(within(basic).getByRole('button', { name: 'Current plan' })).toBeDisabled();
    for (const name of ['Fresh Desk Economical Yearly', 'Fresh Desk Advanced Yearly', 'Fresh Desk Optimal Yearly']) {
      expect(within(card(name)).getByRole('button', { name: `Change plan: ${name}` })).toBeEnabled();
      expect(within(card(name)).queryByRole('button', { name: /^Buy now/ })).not.toBeInTheDocument();
    }
  });

  it('more extra users on the current plan make its button "Change plan"', async () => {
    const { user } = renderCards('fresh_desk', { session: { licenses: [subscribed('fresh_desk-basic-yearly', 1)] } });
    const basic = await screen.findByRole('article', { name: 'Fresh Desk Basic Yearly' });
    expect(within(basic).getByRole('button', { name: 'Current plan' })).toBeDisabled();
    await user.click(within(basic).getByRole('button', { name: 'Add one: Extra users' }));
    expect(within(basic).getByRole('button', { name: 'Change plan: Fresh Desk Basic Yearly' })).toBeEnabled();
  });

  it('says "Aktueller Plan" and "Plan wechseln" in German', async () => {
    renderCards('fresh_desk', { language: 'de', session: { licenses: [subscribed('fresh_desk-basic-yearly')] } });
    const basic = await screen.findByRole('article', { name: 'Fresh Desk Basic Yearly' });
    expect(within(basic).getByRole('button', { name: 'Aktueller Plan' })).toBeDisabled();
    expect(
      within(card('Fresh Desk Optimal Yearly')).getByRole('button', {
        name: 'Plan wechseln: Fresh Desk Optimal Yearly',
      }),
    ).toBeEnabled();
  });

  it('shakes the auto-upgrade checkbox for 500 ms and buys nothing while it is unticked', async () => {
    jest.useFakeTimers();
    try {
      const { http } = renderCards('fresh_desk');
      const basic = await screen.findByRole('article', { name: 'Fresh Desk Basic Yearly' });
      const consent = within(basic).getByRole('checkbox', {
        name: 'I agree to automatic package upgrades if base limits are exceeded',
      });
      await act(async () => {
        within(basic).getByRole('button', { name: 'Buy now: Fresh Desk Basic Yearly' }).click();
      });
      expect(basic.querySelector('[data-shaking="true"]')).not.toBeNull();
      act(() => jest.advanceTimersByTime(500));
      expect(basic.querySelector('[data-shaking="true"]')).toBeNull();
      expect(consent).not.toBeChecked();
      expect(http.callsTo('POST /invoice/quote')).toHaveLength(0);
      expect(http.callsTo('POST /invoice')).toHaveLength(0);
    } finally {
      jest.useRealTimers();
    }
  });

  it('tells a sub-user that only the parent user can buy, with every button disabled', async () => {
    renderCards('fresh_desk', { session: { apiUser: demoSubApiUser() } });
    const basic = await screen.findByRole('article', { name: 'Fresh Desk Basic Yearly' });
    expect(screen.getByText('Only the parent user can buy a license')).toBeInTheDocument();
    expect(within(basic).getByRole('button', { name: 'Buy now: Fresh Desk Basic Yearly' })).toBeDisabled();
    expect(within(card('Fresh Desk Trial')).getByRole('button', { name: 'Start free trial' })).toBeDisabled();
  });

  it('activates a free product, reloads the licenses and goes to the dashboard', async () => {
    const { user, http, session, notify, location } = renderCards('gpsr', {
      http: { 'POST /license/product/free_or_trial': { id: 'new' } },
    });
    const free = await screen.findByRole('article', { name: 'GPSR Free' });
    await user.click(within(free).getByRole('button', { name: 'Activate for free' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(http.callsTo('POST /license/product/free_or_trial')[0].query).toEqual({ licenseProductID: 'gpsr-free' });
    expect(session.refreshed).toEqual(['licenses']);
    expect(notify.last('success')?.message).toBe('License acquired successfully');
  });

  it('explains a failed activation and stays on the page', async () => {
    const { user, notify, location } = renderCards('gpsr', {
      http: { 'POST /license/product/free_or_trial': new ApiError(409, 'trial-already-used', 'x') },
    });
    const trial = await screen.findByRole('article', { name: 'GPSR Trial' });
    await user.click(within(trial).getByRole('button', { name: 'Start free trial' }));
    await waitFor(() => expect(notify.last('error')?.title).toBe('Failed to activate license'));
    expect(location()).toBe('/licenses/buy');
  });

  it('mobile_default activates the free app license and scrolls to get-now instead of leaving', async () => {
    const scroll = jest.fn();
    const target = document.createElement('section');
    target.id = 'buy-get-now';
    target.scrollIntoView = scroll;
    document.body.appendChild(target);
    try {
      const { user, http, location } = renderCards('mobile', {
        http: { 'POST /license/product/free_or_trial': { id: 'new' } },
      });
      const free = await screen.findByRole('article', { name: 'Mobile App Free' });
      expect(screen.getByRole('article', { name: 'Mobile App Basic Yearly' })).toBeInTheDocument();
      await user.click(within(free).getByRole('button', { name: 'Get the app' }));
      await waitFor(() => expect(scroll).toHaveBeenCalled());
      expect(http.callsTo('POST /license/product/free_or_trial')[0].query.licenseProductID).toBe('mobile_default-free');
      expect(location()).toBe('/licenses/buy');
      // mobile_default is listed under Monthly too.
      await user.click(screen.getByRole('button', { name: 'Monthly' }));
      expect(screen.getByRole('article', { name: 'Mobile App Free' })).toBeInTheDocument();
    } finally {
      target.remove();
    }
  });

  it('is in German', async () => {
    renderCards('fresh_desk', { language: 'de' });
    const basic = await screen.findByRole('article', { name: 'Fresh Desk Basic Yearly' });
    expect(screen.getByRole('heading', { name: 'Tarife und Preise' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Jährlich' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(basic).getByText('pro Jahr')).toBeInTheDocument();
    expect(within(basic).getByText('Umsatzsteuer 19 %')).toBeInTheDocument();
    expect(
      within(basic).getByRole('checkbox', {
        name: 'Ich stimme automatischen Paket-Upgrades zu, wenn die Grundlimits überschritten werden',
      }),
    ).toBeInTheDocument();
    expect(within(basic).getByRole('button', { name: 'Jetzt kaufen: Fresh Desk Basic Yearly' })).toBeInTheDocument();
  });

  it('shows an error with Retry when the plans cannot be loaded', async () => {
    const { user, http } = renderCards('fresh_desk', {
      http: { 'GET /license/product/plugin/:plugin': new ApiError(500, 'internal-error', 'x') },
    });
    expect(await screen.findByText('The plans could not be loaded.')).toBeInTheDocument();
    http.on('GET /license/product/plugin/:plugin', demoCatalogue('fresh_desk'));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Fresh Desk Basic Yearly' })).toBeInTheDocument();
  });
});
