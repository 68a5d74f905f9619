// Expected texts come from the packages' own locale files (<package>/src/locales/<lang>.json, flat keys) and the
// api's registry (card titles), so a reworded label does not break a journey while a missing key does.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type Lang = 'de' | 'en';
type Params = Record<string, string | number>;

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cache = new Map<string, Record<string, unknown>>();

function readJson(file: string): Record<string, unknown> {
  let content = cache.get(file);
  if (!content) {
    content = JSON.parse(fs.readFileSync(path.join(repo, file), 'utf8')) as Record<string, unknown>;
    cache.set(file, content);
  }
  return content;
}

function message(pkg: string, lang: Lang, key: string, params: Params): string {
  const file = pkg.includes('/') ? `${pkg}/${lang}.json` : `${pkg}/src/locales/${lang}.json`;
  const value = readJson(file)[key];
  if (typeof value !== 'string') throw new Error(`${file} has no key "${key}"`);
  return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** The shell's text for `key`, with the <tags> of Trans components removed. */
export function text(lang: Lang, key: string, params: Params = {}): string {
  return message('shell', lang, key, params).replace(/<\/?[a-zA-Z]+>/g, '');
}

/** Text of the shell's staff console (shell/src/locales/staff/<lang>.json, loaded with the console's chunk). */
export function staffText(lang: Lang, key: string, params: Params = {}): string {
  return message('shell/src/locales/staff', lang, key, params).replace(/<\/?[a-zA-Z]+>/g, '');
}

/**
 * A sidebar label: the shell's own items (Dashboard, Staff) are in the shell's locale, a remote's in that remote's
 * (definePortalRemote's nav, e.g. nav_licenses in mfe-licenses).
 */
export function navLabel(lang: Lang, key: string): string {
  const owners = [
    'shell',
    ...fs
      .readdirSync(repo)
      .filter((name) => /^mfe-/.test(name))
      .sort(),
  ];
  for (const pkg of owners) {
    const file = path.join(repo, pkg, 'src/locales', `${lang}.json`);
    if (fs.existsSync(file) && typeof readJson(`${pkg}/src/locales/${lang}.json`)[key] === 'string') {
      return message(pkg, lang, key, {});
    }
  }
  throw new Error(`no locale of the shell or a remote has the nav label "${key}"`);
}

/** Text of the account remote. */
export function acc(lang: Lang, key: string, params: Params = {}): string {
  return message('mfe-account', lang, key, params);
}

/** Text of @portal/shared's `common` namespace (form messages of the shared schemas, api error texts). */
export function common(lang: Lang, key: string, params: Params = {}): string {
  return message('shared', lang, key, params);
}

/** Text of the licenses remote. */
export function lic(lang: Lang, key: string, params: Params = {}): string {
  return message('mfe-licenses', lang, key, params);
}

/**
 * Dashboard card title of a plugin: the api's default registry (api/registry/registry.json) when it sets one, else
 * the remote's own (`card_title` in its locale, definePortalRemote's card).
 */
export function cardTitle(lang: Lang, pluginName: string): string {
  const { entries } = readJson('api/registry/registry.json') as {
    entries: Array<{ id: string; card?: { pluginName: string; title?: Record<Lang, string> } }>;
  };
  const entry = entries.find((e) => e.card?.pluginName === pluginName);
  if (!entry?.card) throw new Error(`api/registry/registry.json has no card for plugin "${pluginName}"`);
  return entry.card.title?.[lang] ?? message(`mfe-${entry.id}`, lang, 'card_title', {});
}

export function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whole accessible name, allowing the " *" MUI appends to required fields. */
export function whole(value: string): RegExp {
  return new RegExp(`^${escapeRegExp(value)}\\s*\\*?$`);
}

/** Whole accessible name of the shell's text for `key`. */
export function exact(lang: Lang, key: string): RegExp {
  return whole(text(lang, key));
}

/** Matches text containing any of the shell's messages for `keys`. */
export function oneOf(lang: Lang, ...keys: string[]): RegExp {
  return new RegExp(keys.map((key) => escapeRegExp(text(lang, key))).join('|'));
}

/** Text of a plugin remote's own locale file (a feature page's texts). */
export function feature(
  pkg: 'mfe-freshdesk' | 'mfe-mobile' | 'mfe-lieferbar' | 'mfe-gpsr',
  lang: Lang,
  key: string,
  params: Params = {},
) {
  return message(pkg, lang, key, params);
}

/** Text of the shared buy sections (namespace 'buy', shared/src/ui/buy/locales). */
export function buyText(lang: Lang, key: string): string {
  const value = readJson(`shared/src/ui/buy/locales/${lang}.json`)[key];
  if (typeof value !== 'string') throw new Error(`shared/src/ui/buy/locales/${lang}.json has no key "${key}"`);
  return value;
}
