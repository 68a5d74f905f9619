import type { ComponentType, ReactNode } from 'react';

export interface PortalRoute {
  /** Absolute path, e.g. '/licenses/buy' or '/features/gpsr/product/edit/:productId'. */
  path: string;
  element: ReactNode;
}

export type TranslationBundle = Record<string, unknown>;

/**
 * A sidebar entry a remote contributes. The build writes it to the remote's portal-remote.json (the label in both
 * languages, the icon rendered to SVG), from which the shell shows it without loading the remote's code.
 */
export interface PortalNavItem {
  /** Absolute path the item links to; one of the remote's routes (a path a route matches). */
  path: string;
  /** Key in the remote's own translations (namespace = the remote's id). */
  labelKey: string;
  /** Icon component, e.g. `Receipt` from '@mui/icons-material/Receipt'. */
  icon: ComponentType;
  /** Position in the sidebar, 0..1000: the shell's Dashboard is 0, its Staff item 1000; ties sort by path. */
  order: number;
  /** Hidden for sub-users (their main user owns invoices, sub-users …). */
  mainUserOnly?: boolean;
}

/**
 * The dashboard card's texts and picture as the remote ships them. The registry (staff) decides whether there is
 * a card at all, its policy (audience, coming soon, buy without filling) and may override title, description and
 * illustration; what it leaves empty comes from here.
 */
export interface PortalRemoteCard {
  /** Keys in the remote's own translations. */
  titleKey: string;
  descriptionKey: string;
  /** URL of a picture the remote ships: `import illustration from './assets/card.svg'` (16:9 looks best). */
  illustration?: string;
}

/** What a remote's single exposed module ('./remote') exports as default. */
export interface PortalRemote {
  /** i18next namespace and registry id, e.g. 'gpsr'. */
  id: string;
  routes: PortalRoute[];
  /** Sidebar entries (none for a remote reached only through its dashboard card). */
  nav?: PortalNavItem[];
  card?: PortalRemoteCard;
  translations: { en: TranslationBundle; de: TranslationBundle };
}

export type { DashboardCard, LocalizedText, Registry, RegistryEntry } from '../domain/registry';
