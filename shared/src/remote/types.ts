import type { ReactNode } from 'react';

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

export type { DashboardCard, LocalizedText, Registry, RegistryEntry } from '../domain/registry';
