// Prepended to the host's entry by the preset: publishes the shell's federation bundler runtime, which the remotes'
// production builds use instead of a copy of their own (bundler-runtime-from-shell.js). It runs before the shell's
// code, so before any remoteEntry.js.
/* global __webpack_require__ */
const { runtime, bundlerRuntime, attachShareScopeMap } = __webpack_require__.federation;
globalThis.__portalBundlerRuntime = { runtime, bundlerRuntime, attachShareScopeMap };
