// The buy sections, written once for /licenses/buy and the plugin feature pages.
// Only these small wrappers are in the main @portal/shared bundle; the sections (cards, dialog, QR codes,
// illustrations) and their 'buy' texts load on first use, so /login and the other pages do not carry them.
import { lazy, Suspense } from 'react';
import { LoadingState } from '../loading-state';
import type { BuySectionsProps } from './buy-sections';
import { BuyHeader as BuyHeaderContent, type BuyHeaderProps } from './sections/buy-header';
import { WithBuyTexts } from './with-buy-texts';

export * from './buy-plugins';
export type { BuyHeaderProps } from './sections/buy-header';
export type { BuySectionsProps } from './buy-sections';

const LazyBuySections = lazy(() => import('./buy-sections'));
// The default page (/licenses/buy) has a chunk of its own: it shows no cards (the route's JavaScript budget).
const LazyDefaultBuySections = lazy(() => import('./default-buy-sections'));

/** The buy page's h1 and pitch for a plugin (or 'default'). */
export function BuyHeader(props: BuyHeaderProps) {
  return (
    <WithBuyTexts fallback={null}>
      <BuyHeaderContent {...props} />
    </WithBuyTexts>
  );
}

/** How-it-works … contact form for a plugin page (or 'default'), loaded on first use. */
export function BuySections(props: BuySectionsProps) {
  return (
    <WithBuyTexts fallback={<LoadingState />}>
      <Suspense fallback={<LoadingState />}>
        {props.page === 'default' ? (
          <LazyDefaultBuySections basePath={props.basePath} />
        ) : (
          <LazyBuySections page={props.page} />
        )}
      </Suspense>
    </WithBuyTexts>
  );
}
