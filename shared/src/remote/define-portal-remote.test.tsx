import Receipt from '@mui/icons-material/Receipt';
import { definePortalRemote } from './define-portal-remote';
import type { PortalRemote } from './types';

const translations = {
  en: { nav_orders: 'Orders', card_title: 'Orders', card_text: 'All orders' },
  de: { nav_orders: 'Bestellungen', card_title: 'Bestellungen', card_text: 'Alle Bestellungen' },
};

function remote(overrides: Partial<PortalRemote> = {}): PortalRemote {
  return {
    id: 'orders',
    routes: [
      { path: '/features/orders', element: null },
      { path: '/features/orders/:orderId', element: null },
    ],
    nav: [{ path: '/features/orders', labelKey: 'nav_orders', icon: Receipt, order: 20 }],
    card: { titleKey: 'card_title', descriptionKey: 'card_text', illustration: '/remotes/mfe-orders/card.svg' },
    translations,
    ...overrides,
  };
}

describe('definePortalRemote', () => {
  it('accepts a remote with routes, nav, card and translations and returns it unchanged', () => {
    const input = remote();
    expect(definePortalRemote(input)).toBe(input);
    // nav and card are optional
    expect(() => definePortalRemote(remote({ nav: undefined, card: undefined }))).not.toThrow();
  });

  it('refuses a bad id, relative or duplicate routes and missing translations', () => {
    expect(() => definePortalRemote(remote({ id: 'Orders!' }))).toThrow('Invalid remote id "Orders!"');
    expect(() => definePortalRemote(remote({ routes: [{ path: 'orders', element: null }], nav: [] }))).toThrow(
      'route path "orders" must be absolute',
    );
    expect(() =>
      definePortalRemote(
        remote({
          routes: [
            { path: '/features/orders', element: null },
            { path: '/features/orders', element: null },
          ],
        }),
      ),
    ).toThrow('declared twice');
    expect(() =>
      definePortalRemote(remote({ translations: { en: translations.en } as unknown as PortalRemote['translations'] })),
    ).toThrow('translations for en and de are required');
  });

  it('refuses nav items that leave the remote, lack a label in a language, an icon or a valid order', () => {
    const nav = (item: object) => remote({ nav: [{ ...remote().nav![0], ...item }] });
    expect(() => definePortalRemote(nav({ path: '/invoices' }))).toThrow("none of the remote's routes");
    expect(() => definePortalRemote(nav({ path: 'features/orders' }))).toThrow('must be absolute');
    // a path a parameterised route matches is fine
    expect(() => definePortalRemote(nav({ path: '/features/orders/latest' }))).not.toThrow();
    expect(() => definePortalRemote(nav({ labelKey: 'nav_missing' }))).toThrow(
      '"nav_missing" is missing in the en translations',
    );
    expect(() =>
      definePortalRemote(remote({ translations: { en: translations.en, de: { ...translations.de, nav_orders: '' } } })),
    ).toThrow('"nav_orders" is missing in the de translations');
    expect(() => definePortalRemote(nav({ icon: '<svg/>' }))).toThrow('icon must be a component');
    expect(() => definePortalRemote(nav({ order: 1001 }))).toThrow('order must be a whole number from 0 to 1000');
    expect(() => definePortalRemote(nav({ order: 2.5 }))).toThrow('order must be a whole number');
    const twice = remote().nav![0];
    expect(() => definePortalRemote(remote({ nav: [twice, twice] }))).toThrow('declared twice');
  });

  it('refuses card texts missing in a language and an empty illustration', () => {
    expect(() =>
      definePortalRemote(remote({ card: { titleKey: 'card_missing', descriptionKey: 'card_text' } })),
    ).toThrow('card title: "card_missing" is missing in the en translations');
    expect(() =>
      definePortalRemote(remote({ card: { titleKey: 'card_title', descriptionKey: 'card_text', illustration: ' ' } })),
    ).toThrow('card illustration must be the URL');
  });
});
