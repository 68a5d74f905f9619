import { act, screen, within } from '@testing-library/react';
import type { PluginName } from '../../domain/types';
import { demoCatalogue } from '../../testing/demo-catalogue';
import { renderWithPortal } from '../../testing/render-with-portal';
import type { Language } from '../../domain/types';
import { ApiError } from '../../services/api-error';
import { BuyHeader, BuySections, type BuyPage } from './index';

/** The catalogue of a seller the default registry is meant for: fresh_desk and mobile (with mobile_default). */
const SELLER_PLUGINS: PluginName[] = ['fresh_desk', 'mobile'];

function renderPage(page: BuyPage, language: Language = 'en', offered: PluginName[] = SELLER_PLUGINS) {
  return renderWithPortal(
    <>
      <BuyHeader page={page} />
      <BuySections page={page} />
    </>,
    {
      language,
      route: '/licenses/buy',
      http: {
        'GET /license/product/plugin/:plugin': (req: { params: { plugin: PluginName } }) => {
          if (!offered.includes(req.params.plugin)) {
            throw new ApiError(
              403,
              'plugin-not-available',
              `The plugin ${req.params.plugin} is not offered to your account`,
            );
          }
          return demoCatalogue(req.params.plugin);
        },
        'GET /license/product/all': () => offered.flatMap((plugin) => demoCatalogue(plugin)),
      },
    },
  );
}

const h2s = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

/** The plan cards arrive in a chunk of their own; under a busy machine's jest that can take seconds. */
const findCard = (name: string) => screen.findByRole('article', { name }, { timeout: 10_000 });

describe('Buy sections', () => {
  it('fresh_desk: every section in the order of the spec', async () => {
    renderPage('fresh_desk');
    expect(await screen.findByRole('heading', { level: 1, name: 'Buy license: Freshdesk' })).toBeInTheDocument();
    await findCard('Fresh Desk Basic Yearly');
    // The contact form is a chunk of its own: jest transforms it on first import, which took over 1 s in a busy CI run.
    await screen.findByRole('heading', { level: 2, name: 'Need help?' }, { timeout: 10_000 });
    expect(h2s()).toEqual([
      'How it works',
      'Plans and prices',
      'Frequently asked questions',
      'Why sellers choose it',
      'See it at work',
      'Get it now',
      'Need help?',
    ]);
    const how = screen.getByRole('region', { name: 'How it works' });
    expect(within(how).getAllByRole('listitem')).toHaveLength(3);
  });

  it('FAQ: eight questions, each opened on its own', async () => {
    const { user } = renderPage('fresh_desk');
    const faq = await screen.findByRole('region', { name: 'Frequently asked questions' });
    const questions = within(faq).getAllByRole('button');
    expect(questions).toHaveLength(8);
    await user.click(questions[0]);
    await user.click(questions[2]);
    expect(questions[0]).toHaveAttribute('aria-expanded', 'true');
    expect(questions[1]).toHaveAttribute('aria-expanded', 'false');
    expect(questions[2]).toHaveAttribute('aria-expanded', 'true');
    await user.click(questions[0]);
    expect(questions[0]).toHaveAttribute('aria-expanded', 'false');
    expect(questions[2]).toHaveAttribute('aria-expanded', 'true');
    expect(questions[2]).toHaveTextContent('What counts as an email?');
  });

  it('fresh_desk work example plays only after the click, and get-now has the install button', async () => {
    const { user } = renderPage('fresh_desk');
    const work = await screen.findByRole('region', { name: 'See it at work' });
    expect(within(work).getByRole('img', { name: /A Freshdesk ticket/ })).toBeInTheDocument();
    expect(within(work).queryByText('A customer asks where her parcel is.')).not.toBeInTheDocument();
    expect(work.querySelector('iframe, video')).toBeNull();
    await user.click(within(work).getByRole('button', { name: 'Play walkthrough' }));
    expect(within(work).getByText('A customer asks where her parcel is.')).toBeInTheDocument();
    expect(within(work).getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    const getNow = screen.getByRole('region', { name: 'Get it now' });
    expect(within(getNow).getByRole('link', { name: 'Install the Freshdesk app' })).toHaveAttribute(
      'href',
      'https://www.freshworks.com/apps/example-portal',
    );
    expect(within(getNow).getByRole('img', { name: /Freshworks Marketplace/ })).toBeInTheDocument();
  });

  it('mobile: four steps whose first follows the store toggle, one image and two store QR codes', async () => {
    const { user } = renderPage('mobile');
    await findCard('Mobile App Free');
    const how = screen.getByRole('region', { name: 'How it works' });
    expect(within(how).getAllByRole('listitem')).toHaveLength(4);
    expect(within(how).getByText(/Open Google Play on your Android phone/)).toBeInTheDocument();
    await user.click(within(how).getByRole('button', { name: 'iPhone' }));
    expect(within(how).getByText(/Open the App Store on your iPhone/)).toBeInTheDocument();
    expect(within(how).getByRole('img', { name: 'Store entry of the app (App Store)' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Frequently asked questions' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'See it at work' })).getAllByRole('img')).toHaveLength(1);

    const getNow = screen.getByRole('region', { name: 'Get it now' });
    expect(within(getNow).getByRole('link', { name: 'Get it on Google Play' })).toHaveAttribute(
      'href',
      expect.stringContaining('play.google.com'),
    );
    expect(within(getNow).getByRole('link', { name: 'Download on the App Store' })).toBeInTheDocument();
    const qr = await within(getNow).findByRole('img', { name: 'QR code: the app on Google Play' });
    expect(qr).toHaveAttribute('height', '180');
    expect(qr.querySelector('image')).toHaveAttribute('href', expect.stringMatching(/^data:image\/svg\+xml/));
    expect(await within(getNow).findByRole('img', { name: 'QR code: the app on the App Store' })).toBeInTheDocument();
  });

  it('gpsr shows two images, magic_matrix a placeholder; neither has get-now or FAQ', async () => {
    const first = renderPage('gpsr', 'en', ['gpsr']);
    await findCard('GPSR Free');
    expect(within(screen.getByRole('region', { name: 'See it at work' })).getAllByRole('img')).toHaveLength(2);
    expect(screen.queryByRole('region', { name: 'Get it now' })).not.toBeInTheDocument();
    first.unmount();
    renderPage('magic_matrix', 'en', ['magic_matrix']);
    await findCard('Content Master Basic Yearly');
    expect(screen.getByText(/will be shown here when the product launches/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Frequently asked questions' })).not.toBeInTheDocument();
  });

  it('the default page lists the plugins instead of cards', async () => {
    renderPage('default');
    expect(await screen.findByRole('heading', { level: 1, name: 'Buy license' })).toBeInTheDocument();
    const choose = await screen.findByRole('region', { name: 'Choose a plugin' });
    expect(within(choose).getByRole('link', { name: 'Plans for Freshdesk' })).toHaveAttribute(
      'href',
      '/licenses/buy?plugin=fresh_desk',
    );
    expect(within(choose).getByRole('link', { name: 'Plans for Mobile app' })).toHaveAttribute(
      'href',
      '/licenses/buy?plugin=mobile',
    );
    expect(screen.queryByRole('region', { name: 'Plans and prices' })).not.toBeInTheDocument();
    expect(within(choose).getAllByRole('article')).toHaveLength(2);
  });

  it('the default page offers what the catalogue offers the seller, Lieferbar included', async () => {
    renderPage('default', 'de', ['fresh_desk', 'mobile', 'lieferbar']);
    const choose = await screen.findByRole('region', { name: 'Plugin wählen' });
    expect(await within(choose).findByRole('link', { name: 'Tarife für Lieferbar' })).toHaveAttribute(
      'href',
      '/licenses/buy?plugin=lieferbar',
    );
    expect(within(choose).getAllByRole('article')).toHaveLength(3);
  });

  it('the Lieferbar page sells the Lieferbar plans', async () => {
    renderPage('lieferbar', 'en', ['lieferbar']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Buy license: Lieferbar' })).toBeInTheDocument();
    expect(await findCard('Lieferbar Basic Yearly')).toBeInTheDocument();
    const how = screen.getByRole('region', { name: 'How it works' });
    expect(within(how).getByText('Connect your database')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Get it now' })).not.toBeInTheDocument();
  });

  it.each([
    ['en', 'Not available for your account', 'See the plugins you can buy'],
    ['de', 'Für Ihr Konto nicht verfügbar', 'Plugins ansehen, die Sie kaufen können'],
  ] as const)('a plugin not offered to the seller shows no plans, and says so (%s)', async (language, title, link) => {
    renderPage('gpsr', language);
    const cards = await screen.findByRole('region', {
      name: language === 'en' ? 'Plans and prices' : 'Tarife und Preise',
    });
    expect(await within(cards).findByText(title)).toBeInTheDocument();
    expect(within(cards).getByRole('link', { name: link })).toHaveAttribute('href', '/licenses/buy');
    expect(within(cards).queryByRole('article')).not.toBeInTheDocument();
    expect(within(cards).queryByRole('button', { name: /Retry|Erneut/ })).not.toBeInTheDocument();
  });

  it('is in German', async () => {
    const { user } = renderPage('mobile', 'de');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lizenz kaufen: Mobile App' })).toBeInTheDocument();
    await findCard('Mobile App Free');
    expect(h2s()).toEqual([
      'So funktioniert es',
      'Tarife und Preise',
      'Warum Händler sich dafür entscheiden',
      'So sieht es aus',
      'Jetzt holen',
      expect.any(String),
    ]);
    const how = screen.getByRole('region', { name: 'So funktioniert es' });
    await user.click(within(how).getByRole('button', { name: 'iPhone' }));
    expect(within(how).getByText(/Öffnen Sie den App Store auf Ihrem iPhone/)).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'QR-Code: die App bei Google Play' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Jetzt bei Google Play' })).toBeInTheDocument();
  });
  describe('where the browser observes intersections', () => {
    let observed: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit }[] = [];
    const original = window.IntersectionObserver;
    beforeEach(() => {
      observed = [];
      window.IntersectionObserver = class {
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          observed.push({ callback, options });
        }
        observe() {}
        disconnect() {}
      } as unknown as typeof IntersectionObserver;
    });
    afterEach(() => {
      window.IntersectionObserver = original;
    });

    it('loads the contact form only as the visitor nears it', async () => {
      renderPage('fresh_desk');
      await findCard('Fresh Desk Basic Yearly');
      expect(screen.queryByRole('heading', { level: 2, name: 'Need help?' })).not.toBeInTheDocument();
      expect(observed).toHaveLength(1);
      expect(observed[0].options?.rootMargin).toBe('100% 0px');

      act(() =>
        observed[0].callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver),
      );
      expect(
        await screen.findByRole('heading', { level: 2, name: 'Need help?' }, { timeout: 10_000 }),
      ).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: /Email/ })).toBeInTheDocument();
    });
  });
});
