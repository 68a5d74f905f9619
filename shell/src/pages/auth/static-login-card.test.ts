import fs from 'fs';
import path from 'path';
import de from '../../locales/de.json';
import en from '../../locales/en.json';

// shell/public/index.html draws the sign-in card and the cookie banner before any JavaScript runs (issue 13); their
// texts are the shell's. How they work until the login page takes over: sign-in/static-login-handover.test.ts.
const html = fs.readFileSync(path.join(__dirname, '../../../public/index.html'), 'utf8');
const root = new DOMParser().parseFromString(html, 'text/html').getElementById('boot-login')!;
const drawn = [...root.querySelectorAll('.boot-login, .boot-cookies')];
const texts = drawn.flatMap((part) => [...part.querySelectorAll('[data-t]')]);

describe('the static sign-in page of index.html', () => {
  it('shows the login page texts', () => {
    expect(texts.map((element) => element.getAttribute('data-t'))).toEqual(
      expect.arrayContaining(['login_title', 'login_subtitle', 'email_label', 'login_button', 'cookie_banner_text']),
    );
  });

  it.each([
    ['de', de],
    ['en', en],
  ] as const)('has each text in %s as the locale file says', (language, locale) => {
    for (const element of texts) {
      const key = element.getAttribute('data-t') as keyof typeof locale;
      const text = element.querySelector(`[lang="${language}"]`)?.textContent?.replace(/\s+/g, ' ').trim();
      expect({ key, text }).toEqual({ key, text: locale[key] });
    }
  });

  it('is a form with labelled fields, its links and buttons, not hidden from assistive technology', () => {
    expect(drawn).toHaveLength(2);
    for (const part of drawn) expect(part.hasAttribute('aria-hidden')).toBe(false);
    const form = root.ownerDocument.getElementById('boot-login-form')!;
    for (const id of ['boot-email', 'boot-password']) {
      expect(form.querySelector(`#${id}`)?.hasAttribute('required')).toBe(true);
      expect(form.querySelector(`label[for="${id}"]`)).not.toBeNull();
    }
    expect([...form.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toEqual([
      '/forgot-password',
      '/register',
    ]);
    expect(form.querySelector('button')?.getAttribute('type')).toBe('submit');
  });
});

describe('the boot error of index.html', () => {
  // Shown by bootstrap.tsx when the portal cannot start, also when its texts were what failed to load.
  const template = new DOMParser()
    .parseFromString(html, 'text/html')
    .querySelector<HTMLTemplateElement>('template#boot-error')!;
  const message = template.content.querySelector('[data-t]')!;

  it.each([
    ['de', de],
    ['en', en],
  ] as const)('says in %s what the locale file says, as an alert', (language, locale) => {
    expect(message.getAttribute('role')).toBe('alert');
    const key = message.getAttribute('data-t') as keyof typeof locale;
    expect(key).toBe('boot_error');
    const text = message.querySelector(`[lang="${language}"]`)?.textContent?.replace(/\s+/g, ' ').trim();
    expect(text).toBe(locale[key]);
  });
});
