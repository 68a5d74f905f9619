import { lazy, Suspense } from 'react';

// The banner's code loads after the page (it is not needed to sign in): the /login bundle budget stays as it was.
const AvvBanner = lazy(() => import('./avv-banner').then((m) => ({ default: m.AvvBanner })));

/** Where the layout shows the AVV re-acceptance banner. */
export function AvvBannerSlot() {
  return (
    <Suspense fallback={null}>
      <AvvBanner />
    </Suspense>
  );
}
