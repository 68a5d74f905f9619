import type { ReactNode } from 'react';
import type { PluginName } from '../domain/types';

export interface PortalRoute {
  /** Absolute path, e.g. '/licenses/buy' or '/features/gpsr/product/edit/:productId'. */
  path: string;
  element: ReactNode;
}

export type TranslationBundle = Record<string, unknown>;

/** What a remote's single exposed module ('./remote') exports as default. */
export interface PortalRemote {
  /** i18next namespace and registry id, e.g. 'gpsr'. */
  id: string;
  routes: PortalRoute[];
  translations: { en: TranslationBundle; de: TranslationBundle };
}

export interface LocalizedText {
  en: string;
  de: string;
}

export interface DashboardCard {
  pluginName: PluginName;
  title: LocalizedText;
  description: LocalizedText;
  /** Path or URL of the illustration. */
  illustration: string;
  comingSoon: boolean;
  /** mobile and gpsr: no data-source prerequisite. */
  buyWithoutFilling: boolean;
  audience: 'all' | 'internal';
  /** Where Configure leads, e.g. '/features/freshdesk'. */
  configurePath: string;
}

/** One entry of GET /api/portal/registry. */
export interface RegistryEntry {
  id: string;
  /** Federation container name, e.g. 'mfe_gpsr'. */
  remote: string;
  /** Absolute URL of the remote's mf-manifest.json. */
  manifestUrl: string;
  /** Route prefixes the remote serves, e.g. ['/features/gpsr']. */
  routes: string[];
  card?: DashboardCard;
}

export interface Registry {
  entries: RegistryEntry[];
}
