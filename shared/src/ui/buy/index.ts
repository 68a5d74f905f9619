// The buy sections (spec §2 Buy license), written once for /licenses/buy and the plugin feature pages.
// Only the header and the plugin list are in the main @portal/shared bundle; the sections (cards, dialog, QR codes,
// illustrations) load on first use, so /login and other pages do not carry them.
import { createElement, lazy, Suspense } from 'react';
import { LoadingState } from '../loading-state';
import type { BuySectionsProps } from './buy-sections';

export * from './buy-plugins';
export { BuyHeader, type BuyHeaderProps } from './sections/buy-header';
export type { BuySectionsProps } from './buy-sections';

const LazyBuySections = lazy(() => import('./buy-sections'));

/** How-it-works … contact form for a plugin page (or 'default'), loaded on first use. */
export function BuySections(props: BuySectionsProps) {
  return createElement(Suspense, { fallback: createElement(LoadingState) }, createElement(LazyBuySections, props));
}
