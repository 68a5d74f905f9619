import { matchPath } from 'react-router-dom';
import type { PortalRemote, TranslationBundle } from './types';

function hasText(bundle: TranslationBundle, key: string): boolean {
  return typeof bundle[key] === 'string' && (bundle[key] as string).trim() !== '';
}

function isComponent(value: unknown): boolean {
  // Function components, and memo/forwardRef objects (every @mui/icons-material icon is one).
  return typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);
}

/**
 * The one thing a remote exposes. Validates the shape early so a broken remote fails at load (the shell then shows
 * its error panel and no nav item), not at render: ids, absolute routes, nav entries that point at the remote's own
 * routes with a label in both languages, card texts in both languages.
 */
export function definePortalRemote(remote: PortalRemote): PortalRemote {
  const fail = (message: string): never => {
    throw new Error(`Remote ${remote.id}: ${message}`);
  };
  if (!remote.id || !/^[a-z][a-z0-9-]*$/.test(remote.id)) throw new Error(`Invalid remote id "${remote.id}"`);
  if (!remote.translations?.en || !remote.translations?.de) fail('translations for en and de are required');
  const { en, de } = remote.translations;
  const needsText = (key: unknown, what: string) => {
    if (typeof key !== 'string' || !key) fail(`${what} needs a translation key`);
    for (const [language, bundle] of [
      ['en', en],
      ['de', de],
    ] as const) {
      if (!hasText(bundle, key as string)) fail(`${what}: "${String(key)}" is missing in the ${language} translations`);
    }
  };

  const paths = new Set<string>();
  for (const route of remote.routes) {
    if (!route.path.startsWith('/')) fail(`route path "${route.path}" must be absolute`);
    if (paths.has(route.path)) fail(`route path "${route.path}" is declared twice`);
    paths.add(route.path);
  }

  const navPaths = new Set<string>();
  for (const item of remote.nav ?? []) {
    const what = `nav item "${item.path}"`;
    if (typeof item.path !== 'string' || !item.path.startsWith('/')) fail(`${what}: the path must be absolute`);
    if (!remote.routes.some((route) => matchPath({ path: route.path, end: true }, item.path))) {
      fail(`${what}: the path is none of the remote's routes`);
    }
    if (navPaths.has(item.path)) fail(`${what} is declared twice`);
    navPaths.add(item.path);
    needsText(item.labelKey, what);
    if (!isComponent(item.icon)) fail(`${what}: icon must be a component (e.g. from @mui/icons-material)`);
    if (!Number.isInteger(item.order) || item.order < 0 || item.order > 1000) {
      fail(`${what}: order must be a whole number from 0 to 1000`);
    }
  }

  if (remote.card) {
    needsText(remote.card.titleKey, 'card title');
    needsText(remote.card.descriptionKey, 'card description');
    const { illustration } = remote.card;
    if (illustration !== undefined && (typeof illustration !== 'string' || !illustration.trim())) {
      fail('card illustration must be the URL of a picture the remote ships');
    }
  }
  return remote;
}
