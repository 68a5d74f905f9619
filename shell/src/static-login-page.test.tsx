/**
 * @jest-environment node
 */
// index.html's first paint of /login, drawn at build time as the build draws it (in Node, with react-dom/server and
// emotion's server cache): the sign-in page in every language and scheme, the theme's styles, the inline scripts.
// How the drawing works in the browser until the login page takes it over: sign-in/static-login-handover.test.ts.
import { JSDOM } from 'jsdom';
import { portalTheme } from '@portal/shared';
import de from './locales/de.json';
import en from './locales/en.json';
import { renderStaticLoginPage, type StaticLoginPage } from './static-login-page';

let page: StaticLoginPage;
let doc: Document;

beforeAll(async () => {
  page = await renderStaticLoginPage();
  doc = new JSDOM(`<!doctype html><head>${page.head}</head><body>${page.body}</body>`).window.document;
}, 60_000);

const drawing = (variant: string) => doc.querySelector<HTMLElement>(`[data-boot-variant="${variant}"]`)!;
const texts = (element: Element) => element.textContent!.replace(/\s+/g, ' ');

describe('the static sign-in page', () => {
  it('is drawn once per language and scheme, inside the card the login page takes over', () => {
    const card = doc.getElementById('boot-login')!;
    expect([...card.children].map((child) => child.getAttribute('data-boot-variant'))).toEqual([
      'de light',
      'de dark',
      'en light',
      'en dark',
    ]);
  });

  it.each([
    ['de', de],
    ['en', en],
  ] as const)('is the login page with its cookie banner in %s, as the locale file says', (language, locale) => {
    for (const scheme of ['light', 'dark']) {
      const page = drawing(`${language} ${scheme}`);
      expect(page.querySelector('h1')?.textContent).toBe(locale.login_title);
      expect(page.querySelector('button[type="submit"]')?.textContent).toBe(locale.login_button);
      expect(page.getAttribute('data-busy-label')).toBe(locale.login_button_busy);
      expect(texts(page)).toContain(locale.login_subtitle);
      expect(page.querySelector('[data-cookie-banner]')?.getAttribute('aria-label')).toBe(locale.cookie_banner_label);
      expect(page.querySelector('[data-consent="necessary"]')?.textContent).toBe(locale.cookie_banner_necessary);
      expect(page.querySelector('[data-consent="all"]')?.textContent).toBe(locale.cookie_banner_accept);
      expect(page.querySelector(`button[lang="${language}"]`)?.getAttribute('aria-pressed')).toBe('true');
      const toggle = scheme === 'dark' ? locale.theme_switch_to_light : locale.theme_switch_to_dark;
      expect(page.querySelector(`button[aria-label="${toggle}"]`)).not.toBeNull();
    }
  });

  it('has a form with labelled, named fields, its links and the legal links without an address yet', () => {
    const page = drawing('en light');
    const form = page.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    for (const [name, label] of [
      ['email', en.email_label],
      ['password', en.password_label],
    ]) {
      const input = form.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
      expect(input.required).toBe(true);
      expect(form.querySelector(`label[for="${input.id}"]`)?.textContent).toMatch(new RegExp(`^${label}`));
    }
    expect([...form.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toEqual([
      '/forgot-password',
      '/register',
    ]);
    const legal = [...page.querySelectorAll('[data-portal-link]')];
    expect(legal.map((link) => link.getAttribute('data-portal-link')).sort()).toEqual([
      'imprint',
      'privacy',
      'privacy',
      'terms',
    ]);
    for (const link of legal) expect(link.hasAttribute('href')).toBe(false);
  });

  it("marks what MUI's filled field draws differently: the label moved up, the outline's gap open", () => {
    const label = drawing('en light').querySelector('label[for="login-email"]')!;
    expect(label.getAttribute('data-shrink')).toBe('false');
    expect(label.getAttribute('data-filled')).toBe('class data-shrink');
    expect(label.getAttribute('data-filled-data-shrink')).toBe('true');
    expect(label.getAttribute('data-filled-class')).toContain('MuiInputLabel-shrink');
    const legend = drawing('en light').querySelector('fieldset legend')!;
    expect(legend.getAttribute('data-filled')).toBe('class');
    expect(doc.querySelectorAll('input[data-filled]')).toHaveLength(0);
  });

  it('carries the boot error in every language', () => {
    const message = doc.querySelector<HTMLTemplateElement>('template#boot-error')!.content.firstElementChild!;
    expect(message.getAttribute('role')).toBe('alert');
    expect([...message.children].map((text) => [text.getAttribute('lang'), text.textContent])).toEqual([
      ['de', de.boot_error],
      ['en', en.boot_error],
    ]);
  });
});

describe("the static sign-in page's styles", () => {
  const styles = () => [...doc.head.querySelectorAll('style')];

  it("are the theme's: both schemes' palettes as CSS variables, switched by the class on <html>", () => {
    const css = styles()
      .map((style) => style.textContent)
      .join('');
    for (const scheme of ['light', 'dark'] as const) {
      const { primary, background } = portalTheme().colorSchemes[scheme]!.palette as {
        primary: { main: string };
        background: { paper: string };
      };
      expect(css).toMatch(new RegExp(`\\.${scheme}[^}]*--mui-palette-primary-main:${primary.main}`));
      expect(css).toMatch(new RegExp(`\\.${scheme}[^}]*--mui-palette-background-paper:${background.paper}`));
    }
  });

  it("hold every class name the drawings use, in tags emotion's client cache takes over", () => {
    const classStyles = styles().find((style) => /^css /.test(style.dataset.emotion ?? ''))!;
    const names = new Set(classStyles.dataset.emotion!.split(' ').slice(1));
    const used = new Set([...page.body.matchAll(/css-([A-Za-z0-9_-]+)/g)].map((match) => match[1]));
    used.delete('0');
    for (const name of used) expect(names).toContain(name);
    for (const name of names) if (name !== '0') expect(classStyles.textContent).toContain(`.css-${name}`);
    expect(styles().filter((style) => /^css-global /.test(style.dataset.emotion ?? '')).length).toBeGreaterThan(0);
  });
});

describe("the static sign-in page's scripts", () => {
  it('are calls of the functions in static-login-scripts.ts with their options, nothing that ends a script early', () => {
    const [head] = [...doc.head.querySelectorAll('script')];
    expect(head.textContent).toMatch(/^\(function headScript\(/);
    expect(head.textContent).toContain('"themeKey":"portal.theme"');
    expect(page.script).toMatch(/^\(function pageScript\(/);
    expect(page.script).toContain('"cardId":"boot-login"');
    for (const script of [head.textContent!, page.script]) expect(script).not.toMatch(/<\/script|<!--/i);
  });
});
