import { cardReadiness, type CardReadinessInput } from './card-readiness';
import { licenseFixture } from '../testing/license-fixture';
import { emptyProfileContact } from './profile';
import type { License, PluginName } from './types';

const now = new Date('2025-06-15T12:00:00Z');
const contact = {
  ...emptyProfileContact('demo@portal.test'),
  firstName: 'Erika',
  lastName: 'Muster',
  city: 'Berlin',
  street: 'Hauptstr.',
  houseNumber: '1',
  postalCode: '10115',
};
const validLicense = (pluginName: PluginName): License =>
  licenseFixture({ pluginName, licenseExpired: '2026-01-01T00:00:00Z' });

function input(over: Partial<CardReadinessInput> = {}): CardReadinessInput {
  return {
    card: {
      pluginName: 'fresh_desk',
      comingSoon: false,
      buyWithoutFilling: false,
      configurePath: '/features/freshdesk',
    },
    profile: { contact, avv: { isAccepted: true, acceptedDate: '2025-01-01' } },
    dataSource: { host: 'h', database: 'd', user: 'u' },
    licenses: [],
    isSubUser: false,
    now,
    ...over,
  };
}

describe('cardReadiness', () => {
  it('coming soon wins over everything', () => {
    expect(
      cardReadiness(
        input({ card: { pluginName: 'magic_matrix', comingSoon: true, buyWithoutFilling: false }, profile: null }),
      ),
    ).toEqual({
      action: 'soon',
    });
  });
  it('incomplete profile leads to /profile', () => {
    expect(
      cardReadiness(
        input({ profile: { contact: { ...contact, street: '' }, avv: { isAccepted: true, acceptedDate: null } } }),
      ),
    ).toEqual({
      action: 'complete-profile',
      hint: 'profile',
      target: '/profile',
    });
    expect(cardReadiness(input({ profile: null })).hint).toBe('profile');
  });
  it('AVV not accepted leads to /profile?direction=avv', () => {
    expect(cardReadiness(input({ profile: { contact, avv: { isAccepted: false, acceptedDate: null } } }))).toEqual({
      action: 'complete-profile',
      hint: 'avv',
      target: '/profile?direction=avv',
    });
  });
  it('missing data source leads to /profile?direction=dataSource', () => {
    expect(cardReadiness(input({ dataSource: null }))).toEqual({
      action: 'complete-profile',
      hint: 'dataSource',
      target: '/profile?direction=dataSource',
    });
    expect(cardReadiness(input({ dataSource: { host: 'h', database: 'd', user: '' } })).hint).toBe('dataSource');
  });
  it('buy-without-filling cards and sub-users skip the data source', () => {
    const mobile = { pluginName: 'mobile' as const, comingSoon: false, buyWithoutFilling: true };
    expect(cardReadiness(input({ card: mobile, dataSource: null })).action).toBe('buy');
    expect(cardReadiness(input({ isSubUser: true, dataSource: null })).action).toBe('parent-only');
  });
  it('valid license → configure with the configure path', () => {
    expect(cardReadiness(input({ licenses: [validLicense('fresh_desk')] }))).toEqual({
      action: 'configure',
      target: '/features/freshdesk',
    });
    expect(cardReadiness(input({ isSubUser: true, licenses: [validLicense('fresh_desk')] })).action).toBe('configure');
  });
  it('no valid license → buy with the plugin in the query', () => {
    expect(
      cardReadiness(input({ licenses: [{ ...validLicense('fresh_desk'), licenseExpired: '2025-01-01T00:00:00Z' }] })),
    ).toEqual({
      action: 'buy',
      target: '/licenses/buy?plugin=fresh_desk',
    });
    expect(cardReadiness(input({ licenses: [validLicense('gpsr')] })).action).toBe('buy');
  });
  it('a failed renewal: Configure while the payment grace runs, Buy once it is over', () => {
    const lapsed = { ...validLicense('fresh_desk'), licenseExpired: '2025-06-10T00:00:00Z' };
    const inGrace = { ...lapsed, paymentGraceUntil: '2025-06-24T00:00:00Z' };
    expect(cardReadiness(input({ licenses: [inGrace] })).action).toBe('configure');
    expect(cardReadiness(input({ licenses: [inGrace], now: new Date('2025-06-24T00:00:00Z') }))).toEqual({
      action: 'buy',
      target: '/licenses/buy?plugin=fresh_desk',
    });
  });
  it('a sub-user without a license gets parent-only instead of buy', () => {
    expect(cardReadiness(input({ isSubUser: true }))).toEqual({ action: 'parent-only' });
  });

  describe('a part that failed to load is never guessed', () => {
    const licensed = { licenses: [validLicense('fresh_desk')] };
    it('a failed profile leaves every card undecided, with the other failed parts it needs', () => {
      expect(cardReadiness(input({ ...licensed, profile: null, failedParts: ['profile'] }))).toEqual({
        action: 'unknown',
        failed: ['profile'],
      });
      expect(cardReadiness(input({ profile: null, failedParts: ['licenses', 'profile', 'pendingOverage'] }))).toEqual({
        action: 'unknown',
        failed: ['profile', 'licenses'],
      });
    });
    it('failed licenses: neither Buy nor Configure', () => {
      expect(cardReadiness(input({ licenses: [], failedParts: ['licenses'] }))).toEqual({
        action: 'unknown',
        failed: ['licenses'],
      });
      expect(cardReadiness(input({ isSubUser: true, failedParts: ['licenses'] })).action).toBe('unknown');
    });
    it('a failed data source matters only to cards that need one', () => {
      const failedDs = { ...licensed, dataSource: null, failedParts: ['dataSource'] };
      expect(cardReadiness(input(failedDs))).toEqual({ action: 'unknown', failed: ['dataSource'] });
      const mobile = { pluginName: 'mobile' as const, comingSoon: false, buyWithoutFilling: true };
      expect(cardReadiness(input({ ...failedDs, card: mobile })).action).toBe('buy');
      expect(cardReadiness(input({ ...failedDs, isSubUser: true })).action).toBe('configure');
    });
    it('what is known still decides: an incomplete profile or a coming-soon card', () => {
      const incomplete = { contact: { ...contact, street: '' }, avv: { isAccepted: true, acceptedDate: null } };
      expect(cardReadiness(input({ profile: incomplete, failedParts: ['licenses'] })).hint).toBe('profile');
      const soon = { pluginName: 'magic_matrix' as const, comingSoon: true, buyWithoutFilling: false };
      expect(cardReadiness(input({ card: soon, failedParts: ['profile'] })).action).toBe('soon');
    });
  });
});
