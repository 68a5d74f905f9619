// Expected texts come from the shell's own locale files (shell/src/locales/<lang>.json, namespace 'shell'),
// so a reworded label does not break a journey while a missing key does.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type Lang = 'de' | 'en';
const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../shell/src/locales');
const cache = new Map<Lang, Record<string, string>>();

function bundle(lang: Lang): Record<string, string> {
  let messages = cache.get(lang);
  if (!messages) {
    messages = JSON.parse(fs.readFileSync(path.join(localesDir, `${lang}.json`), 'utf8')) as Record<string, string>;
    cache.set(lang, messages);
  }
  return messages;
}

/** The shell's text for `key` in `lang`, with <tags> of Trans components removed. */
export function text(lang: Lang, key: string): string {
  const value = bundle(lang)[key];
  if (typeof value !== 'string') throw new Error(`shell locale ${lang} has no key "${key}"`);
  return value.replace(/<\/?[a-zA-Z]+>/g, '');
}

function escape(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Exact (whole-name) match for an accessible name, allowing the " *" MUI adds to required fields. */
export function exact(lang: Lang, key: string): RegExp {
  return new RegExp(`^${escape(text(lang, key))}\\s*\\*?$`);
}

/** Matches text containing any of the given messages. */
export function oneOf(lang: Lang, ...keys: string[]): RegExp {
  return new RegExp(keys.map((key) => escape(text(lang, key))).join('|'));
}
