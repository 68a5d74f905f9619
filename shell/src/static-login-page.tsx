// /login's first paint: the sign-in page drawn at build time by the same components, theme and texts as the sign-in
// bundle's (react-dom/server with the real shell, routes and ThemeProvider; emotion's styles collected from its cache),
// so index.html shows the page before any JavaScript runs and the login page takes it over unchanged
// (pages/auth/static-login-card.ts). shell/webpack/static-login-page.js builds this module for Node during the
// shell's build and writes what renderStaticLoginPage returns into index.html.
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter } from 'react-router-dom';
import { createHttpClient, portalTheme, SUPPORTED_LANGUAGES, THEME_STORAGE_KEY } from '@portal/shared';
import type { Language, Theme } from '@portal/shared/domain';
import { createShell } from './composition/create-shell';
import type { PortalConfig } from './config/portal-config';
import { loadShellI18n } from './i18n/create-shell-i18n';
import { createLazyIdentity, SESSION_HINT_KEY } from './identity/lazy-identity';
import { CONSENTS, COOKIE_CONSENT_STORAGE_KEY } from './layout/cookie-consent-banner';
import { LoginValuesAtFirst } from './pages/auth/login-page';
import { STATIC_LOGIN_CARD_ID } from './pages/auth/static-login-card';
import { LANGUAGE_STORAGE_KEY } from './preferences/preferences-store';
import { ROUTER_FUTURE } from './routes/router-options';
import { ShellApp } from './shell-app';
import { createSignInRoutes } from './sign-in/sign-in-routes';
import { headScript, inlineScript, pageScript } from './static-login-scripts';

const LOGIN_PATH = '/login';
const THEMES: readonly Theme[] = ['light', 'dark'];
// The attributes the page's CSS and script find the drawing's parts by.
const VARIANT_ATTRIBUTE = 'data-boot-variant';
const BUSY_LABEL_ATTRIBUTE = 'data-busy-label';
const LINK_ATTRIBUTE = 'data-portal-link';
// CookieConsentBanner's own attributes.
const BANNER_ATTRIBUTE = 'data-cookie-banner';
const CONSENT_ATTRIBUTE = 'data-consent';
// emotion's key: the client's default cache (key 'css') takes the drawn styles over instead of inserting them again.
const EMOTION_KEY = 'css';

/**
 * The runtime config the drawing runs with. The legal links' addresses are the runtime config's (one build serves any
 * deployment): drawn as placeholders, they become data-portal-link attributes the page script fills in.
 */
const LINK_PLACEHOLDER = 'portal-link:';
const drawingConfig: PortalConfig = {
  apiBaseUrl: '/api',
  firebase: { apiKey: 'static', authDomain: 'static', projectId: 'static' },
  authEmulatorUrl: null,
  links: {
    imprint: `${LINK_PLACEHOLDER}imprint`,
    privacy: `${LINK_PLACEHOLDER}privacy`,
    terms: `${LINK_PLACEHOLDER}terms`,
    contactEmail: `${LINK_PLACEHOLDER}contactEmail`,
  },
};

export interface StaticLoginPage {
  /** For the end of <head>: the head script and the styles (the theme's, the drawing's, the boot messages'). */
  head: string;
  /** For the start of <body>: the boot error's template and the sign-in page in each language and scheme. */
  body: string;
  /** The page script's text, for the <script> that names the bundles (data-main, data-sign-in). */
  script: string;
}

export async function renderStaticLoginPage(): Promise<StaticLoginPage> {
  const cache = createCache({ key: EMOTION_KEY });
  // Styles go into cache.inserted instead of <style> elements inside the markup.
  cache.compat = true;
  const texts = new Map<Language, I18n>();
  for (const language of SUPPORTED_LANGUAGES) texts.set(language, await loadShellI18n(language));

  const drawings: string[] = [];
  for (const [language, i18n] of texts) {
    for (const theme of THEMES) {
      const draw = (values: { email: string; password: string }) =>
        withLinkAttributes(
          withoutLayoutEffectWarning(() => renderToStaticMarkup(loginPage(cache, i18n, language, theme, values))),
        );
      const page = withFilledState(draw({ email: '', password: '' }), draw({ email: 'filled', password: 'filled' }));
      drawings.push(
        `<div ${VARIANT_ATTRIBUTE}="${language} ${theme}" ${BUSY_LABEL_ATTRIBUTE}="${escapeAttribute(
          i18n.t('login_button_busy', { ns: 'shell' }),
        )}">${page}</div>`,
      );
    }
  }
  const body = `<div id="${STATIC_LOGIN_CARD_ID}">${drawings.join('')}</div>`;

  const head = [
    `<script>${inlineScript(headScript, {
      themeKey: THEME_STORAGE_KEY,
      languageKey: LANGUAGE_STORAGE_KEY,
      languages: SUPPORTED_LANGUAGES,
      sessionKey: SESSION_HINT_KEY,
      consentKey: COOKIE_CONSENT_STORAGE_KEY,
      consents: CONSENTS,
      loginPath: LOGIN_PATH,
    })}</script>`,
    emotionStyles(cache, body),
    `<style>${pageStyles(texts)}</style>`,
  ].join('');

  return {
    head,
    body: bootError(texts) + body,
    script: inlineScript(pageScript, {
      cardId: STATIC_LOGIN_CARD_ID,
      variantAttribute: VARIANT_ATTRIBUTE,
      busyLabelAttribute: BUSY_LABEL_ATTRIBUTE,
      consentAttribute: CONSENT_ATTRIBUTE,
      linkAttribute: LINK_ATTRIBUTE,
      sessionKey: SESSION_HINT_KEY,
      consentKey: COOKIE_CONSENT_STORAGE_KEY,
      configUrl: '/portal-config.json',
    }),
  };
}

/** What the sign-in bundle shows on a signed-out /login: its shell, routes and providers, signed out, never started. */
function loginPage(
  cache: EmotionCache,
  i18n: I18n,
  language: Language,
  theme: Theme,
  values: { email: string; password: string },
): ReactElement {
  const shell = createShell({
    config: drawingConfig,
    i18n,
    identity: createLazyIdentity({ load: () => new Promise(() => undefined) }),
    createHttp: createHttpClient,
    remoteLoader: { load: () => new Promise(() => undefined) },
    preferences: { language, theme },
  });
  const router = createMemoryRouter(
    createSignInRoutes(() => undefined),
    { initialEntries: [LOGIN_PATH], future: ROUTER_FUTURE },
  );
  return (
    <CacheProvider value={cache}>
      <LoginValuesAtFirst.Provider value={values}>
        <ShellApp shell={shell} router={router} />
      </LoginValuesAtFirst.Provider>
    </CacheProvider>
  );
}

/**
 * React's development builds warn that layout effects do not run on the server: drawing a page whose layout effects
 * belong to the browser (the takeover) is the point here.
 */
function withoutLayoutEffectWarning<T>(draw: () => T): T {
  const error = console.error;
  console.error = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('useLayoutEffect does nothing on the server')) return;
    error(...args);
  };
  try {
    return draw();
  } finally {
    console.error = error;
  }
}

/**
 * The page script draws a field's focused and filled states as MUI does: the drawing with empty fields gets, on each
 * element the filled drawing draws differently, the filled attributes (data-filled names them, data-filled-<name> holds
 * each; the fields' values aside). Both drawings are one tree, so their tags pair up one by one.
 */
export function withFilledState(empty: string, filled: string): string {
  const emptyTags = [...empty.matchAll(OPENING_TAG)];
  const filledTags = [...filled.matchAll(OPENING_TAG)];
  if (emptyTags.length !== filledTags.length) throw new Error('The filled drawing of /login has other elements');
  let marked = '';
  let from = 0;
  emptyTags.forEach((tag, i) => {
    const other = filledTags[i];
    if (tag[1] !== other[1]) throw new Error(`The filled drawing of /login has <${other[1]}> for <${tag[1]}>`);
    const before = attributesOf(tag[2]);
    const after = attributesOf(other[2]);
    const changed = [...new Set([...before.keys(), ...after.keys()])].filter(
      (name) => name !== 'value' && before.get(name) !== after.get(name),
    );
    marked += empty.slice(from, tag.index);
    from = tag.index + tag[0].length;
    if (changed.length === 0) {
      marked += tag[0];
      return;
    }
    const filledAttributes = changed
      .filter((name) => after.has(name))
      .map((name) => ` data-filled-${name}="${after.get(name)}"`)
      .join('');
    marked += `<${tag[1]}${tag[2]} data-filled="${changed.join(' ')}"${filledAttributes}${tag[3]}>`;
  });
  return marked + empty.slice(from);
}

// React's markup: attribute values in double quotes, with ", < and > escaped.
const OPENING_TAG = /<([a-z][a-z0-9-]*)((?:\s+[^\s=/>]+(?:="[^"]*")?)*)\s*(\/?)>/g;
const ATTRIBUTE = /\s+([^\s=/>]+)(?:="([^"]*)")?/g;

function attributesOf(text: string): Map<string, string> {
  return new Map([...text.matchAll(ATTRIBUTE)].map((match) => [match[1], match[2] ?? '']));
}

/** The legal links' placeholders as data-portal-link attributes: no address until the runtime config names it. */
function withLinkAttributes(markup: string): string {
  return markup.replace(new RegExp(` href="${LINK_PLACEHOLDER}([A-Za-z]+)"`, 'g'), ` ${LINK_ATTRIBUTE}="$1"`);
}

/**
 * The styles the drawings use, as emotion's server rendering writes them: each global style (CssBaseline, the theme's
 * CSS variables of both schemes, keyframes) in a <style data-emotion="css-global NAME">, the class names' styles in
 * one <style data-emotion="css NAME …">. The client's emotion cache finds both and does not insert them again.
 */
function emotionStyles(cache: EmotionCache, markup: string): string {
  const used = new Set([...markup.matchAll(new RegExp(`${EMOTION_KEY}-([A-Za-z0-9_-]+)`, 'g'))].map((m) => m[1]));
  const globals: string[] = [];
  const names: string[] = [];
  let rules = '';
  for (const [name, css] of Object.entries(cache.inserted)) {
    if (typeof css !== 'string') continue;
    if (cache.registered[`${EMOTION_KEY}-${name}`] === undefined) {
      globals.push(`<style data-emotion="${EMOTION_KEY}-global ${name}">${css}</style>`);
    } else if (used.has(name)) {
      names.push(name);
      rules += css;
    }
  }
  return `${globals.join('')}<style data-emotion="${EMOTION_KEY} ${names.join(' ')}">${rules}</style>`;
}

/**
 * Which drawing shows: the one of <html>'s language and scheme (set by the head script), only where the head script
 * marked a signed-out /login, with the cookie banner until a choice is stored. The boot messages in the theme's
 * colours.
 */
function pageStyles(texts: Map<Language, I18n>): string {
  const card = `#${STATIC_LOGIN_CARD_ID}`;
  const shown = [...texts.keys()].flatMap((language) =>
    THEMES.map((theme) => `html[lang="${language}"].${theme} ${card} [${VARIANT_ATTRIBUTE}="${language} ${theme}"]`),
  );
  const { palette } = portalTheme().vars!;
  return [
    `${card} [${VARIANT_ATTRIBUTE}]{display:none}`,
    `${shown.join(',')}{display:block}`,
    `html:not([data-boot~="login"]) ${card}{display:none}`,
    `html:not([data-boot~="cookies"]) ${card} [${BANNER_ATTRIBUTE}]{display:none}`,
    `html[data-boot~="login"] .boot-message{display:none}`,
    `.boot-message,.boot-error{padding:2rem;text-align:center;color:${palette.text.secondary}}`,
  ].join('');
}

/** Shown by start-portal.tsx when the portal cannot start, in every language: its texts may be what failed to load. */
function bootError(texts: Map<Language, I18n>): string {
  return renderToStaticMarkup(
    <template id="boot-error">
      <p className="boot-error" role="alert">
        {[...texts].map(([language, i18n]) => (
          <span key={language} lang={language}>
            {i18n.t('boot_error', { ns: 'shell' })}
          </span>
        ))}
      </p>
    </template>,
  );
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
