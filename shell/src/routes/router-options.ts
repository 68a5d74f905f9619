// React Router v7 behaviour switched on now (also silences the v6 deprecation warnings).
export const ROUTER_FUTURE = {
  v7_relativeSplatPath: true,
  v7_fetcherPersist: true,
  v7_normalizeFormMethod: true,
  v7_partialHydration: true,
  v7_skipActionErrorRevalidation: true,
} as const;

export const ROUTER_PROVIDER_FUTURE = { v7_startTransition: true } as const;
