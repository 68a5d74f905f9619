/** react-router v6 future flags used by the shell, standalone remotes and tests (silences v7 warnings). */
export const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;
