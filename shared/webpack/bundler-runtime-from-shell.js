// A remote's production build imports this instead of @module-federation/webpack-bundler-runtime (about 14 KB per
// remoteEntry.js): the shell's copy, published by bundler-runtime-for-remotes.js. A remote's production build already
// needs the shell for the runtime core (externalRuntime); the standalone dev page bundles its own runtime.
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';

const shell = globalThis.__portalBundlerRuntime;
if (!shell) throw new Error('This remote build runs inside the portal shell (no federation runtime published)');

export default {
  // The remote's own federation instance, as its own runtime module would create it: without replacing the one the
  // shell's loadRemote() uses.
  runtime: {
    ...shell.runtime,
    init(options) {
      const normalized = { ...options, id: options.id || '' };
      const existing = shell.runtime.getInstance((instance) => instance.options.name === options.name);
      if (!existing) return shell.runtime.createInstance(normalized);
      existing.initOptions(normalized);
      return existing;
    },
  },
  // The shell exposes no modules, so its build drops initContainerEntry.
  bundlerRuntime: { ...shell.bundlerRuntime, S: {}, initContainerEntry },
  attachShareScopeMap: shell.attachShareScopeMap,
  instance: undefined,
  initOptions: undefined,
  bundlerRuntimeOptions: {},
};
