// What the sidebar and the dashboard show of a remote: its nav entries and its card, in both languages. It comes
// from the remote's portal-remote.json (written by its build beside mf-manifest.json; no code of the remote runs),
// or, for a remote built without that file, from its loaded './remote' module.
import type { ComponentType } from 'react';
import type { LocalizedText, PortalRemote } from '@portal/shared';
import { svgDataIcon } from './svg-data-icon';

export interface RemoteNavDescription {
  path: string;
  label: LocalizedText;
  Icon: ComponentType;
  order: number;
  mainUserOnly: boolean;
}

export interface RemoteCardDescription {
  title: LocalizedText;
  description: LocalizedText;
  /** Absolute URL of the picture the remote ships. */
  illustration?: string;
}

export interface RemoteDescription {
  id: string;
  nav: RemoteNavDescription[];
  card?: RemoteCardDescription;
}

/** The file a remote's build writes beside its mf-manifest.json (shared/webpack/remote-descriptor.js). */
export const DESCRIPTOR_FILE = 'portal-remote.json';
const DESCRIPTOR_SCHEMA = 1;

/** portal-remote.json's URL: beside the registry entry's manifest URL (absolute, resolved against the page). */
export function descriptorUrl(manifestUrl: string, base: string = window.location.href): string {
  return new URL(DESCRIPTOR_FILE, new URL(manifestUrl, base)).toString();
}

/** A loaded remote's nav entries and card, its texts taken from its own translations. */
export function describeLoadedRemote(remote: PortalRemote): RemoteDescription {
  const { en, de } = remote.translations;
  const text = (key: string): LocalizedText => ({ en: String(en[key] ?? ''), de: String(de[key] ?? '') });
  return {
    id: remote.id,
    nav: (remote.nav ?? []).map((item) => ({
      path: item.path,
      label: text(item.labelKey),
      Icon: item.icon,
      order: item.order,
      mainUserOnly: Boolean(item.mainUserOnly),
    })),
    card: remote.card && {
      title: text(remote.card.titleKey),
      description: text(remote.card.descriptionKey),
      illustration: remote.card.illustration,
    },
  };
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

function localized(value: unknown, what: string): LocalizedText {
  if (!isObject(value)) throw new Error(`${what} needs texts in en and de`);
  const { en, de } = value;
  if (typeof en !== 'string' || !en.trim() || typeof de !== 'string' || !de.trim()) {
    throw new Error(`${what} needs texts in en and de`);
  }
  return { en, de };
}

/**
 * Checks a portal-remote.json and turns it into a description; `url` is where it was fetched (a picture's relative URL
 * is resolved against it). Throws on anything unexpected: the shell then loads the remote's './remote' instead.
 */
export function parseRemoteDescriptor(value: unknown, url: string): RemoteDescription {
  if (!isObject(value) || value.schema !== DESCRIPTOR_SCHEMA) throw new Error(`${url}: not a schema 1 descriptor`);
  if (typeof value.id !== 'string' || !value.id) throw new Error(`${url}: no remote id`);
  if (!Array.isArray(value.nav)) throw new Error(`${url}: nav must be a list`);
  const nav = value.nav.map((item: unknown): RemoteNavDescription => {
    if (!isObject(item) || typeof item.path !== 'string' || !item.path.startsWith('/')) {
      throw new Error(`${url}: a nav entry needs an absolute path`);
    }
    const what = `${url}: nav entry ${item.path}`;
    const { order, icon } = item;
    if (typeof order !== 'number' || !Number.isInteger(order) || order < 0 || order > 1000) {
      throw new Error(`${what}: order must be a whole number from 0 to 1000`);
    }
    if (typeof icon !== 'string' || !/^<svg[\s>]/.test(icon.trim()))
      throw new Error(`${what}: icon must be SVG markup`);
    return {
      path: item.path,
      label: localized(item.label, what),
      Icon: svgDataIcon(icon.trim()),
      order,
      mainUserOnly: item.mainUserOnly === true,
    };
  });
  let card: RemoteCardDescription | undefined;
  if (value.card !== undefined) {
    if (!isObject(value.card)) throw new Error(`${url}: card must be an object`);
    const { illustration } = value.card;
    if (illustration !== undefined && (typeof illustration !== 'string' || !illustration.trim())) {
      throw new Error(`${url}: card illustration must be a URL`);
    }
    card = {
      title: localized(value.card.title, `${url}: card title`),
      description: localized(value.card.description, `${url}: card description`),
      ...(illustration ? { illustration: new URL(illustration, url).toString() } : {}),
    };
  }
  return { id: value.id, nav, card };
}

/** Fetches and checks the portal-remote.json beside `manifestUrl`; rejects when it is missing or broken. */
export async function fetchRemoteDescription(manifestUrl: string): Promise<RemoteDescription> {
  const url = descriptorUrl(manifestUrl);
  const response = await fetch(url, { credentials: 'omit' });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return parseRemoteDescriptor(await response.json(), url);
}
