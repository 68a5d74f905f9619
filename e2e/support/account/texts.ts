// Expected texts for the account journeys, read at run time from the packages' own locale files (namespaces
// 'account' and 'licenses') and from the api's registry (card titles), so a reworded label does not break a
// journey while a missing key does. Shell texts: ../locales.ts.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Lang } from '../locales';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
type Bundle = Record<string, unknown>;
const cache = new Map<string, Bundle>();

function bundle(pkg: 'mfe-account' | 'mfe-licenses', lang: Lang): Bundle {
  const file = path.join(repo, pkg, 'src', 'locales', `${lang}.json`);
  let messages = cache.get(file);
  if (!messages) {
    messages = JSON.parse(fs.readFileSync(file, 'utf8')) as Bundle;
    cache.set(file, messages);
  }
  return messages;
}

function lookup(messages: Bundle, key: string, where: string): string {
  // Keys may be flat ("profile_save") or nested ("list.tableLabel").
  const value =
    key in messages
      ? messages[key]
      : key.split('.').reduce<unknown>((node, part) => (node as Bundle | undefined)?.[part], messages);
  if (typeof value !== 'string') throw new Error(`${where} has no key "${key}"`);
  return value;
}

function interpolate(value: string, params: Record<string, string | number>): string {
  return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** Text of the account remote (mfe-account/src/locales). */
export function acc(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  return interpolate(lookup(bundle('mfe-account', lang), key, `mfe-account locale ${lang}`), params);
}

/** Text of the licenses remote (mfe-licenses/src/locales). */
export function lic(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  return interpolate(lookup(bundle('mfe-licenses', lang), key, `mfe-licenses locale ${lang}`), params);
}

export function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whole accessible name, allowing the " *" MUI appends to required fields. */
export function whole(value: string): RegExp {
  return new RegExp(`^${escapeRegExp(value)}\\s*\\*?$`);
}

interface RegistryFile {
  entries: Array<{ id: string; card?: { pluginName: string; title: Record<Lang, string> } }>;
}

/** Dashboard card title of a plugin, as the api's default registry (api/registry/registry.json) names it. */
export function cardTitle(lang: Lang, pluginName: string): string {
  const registry = JSON.parse(
    fs.readFileSync(path.join(repo, 'api', 'registry', 'registry.json'), 'utf8'),
  ) as RegistryFile;
  const card = registry.entries.find((entry) => entry.card?.pluginName === pluginName)?.card;
  if (!card) throw new Error(`api/registry/registry.json has no card for plugin "${pluginName}"`);
  return card.title[lang];
}
