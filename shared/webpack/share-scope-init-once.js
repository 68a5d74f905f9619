// A federation runtime plugin (the preset adds it to the shell and every remote): each container registers its shared
// modules in the share scope once, not again on every consume.
//
// Why: @module-federation/runtime-core 2.9 calls initializeSharing() from every loadShare() without an init scope, so
// its "already initialised" guard never holds and the container's whole share table (about 110 modules in the shell)
// is registered again, with a hook call each, for every shared module it loads: dozens of loads at the shell's start,
// a large part of main.js's long task on /login. Upstream: module-federation/core#5062 (open),
// which keeps one init scope per container in the same way. Registering again changes nothing under 'loaded-first'
// (a registered version is never replaced), and shares added later (registerShared, registerRemotes) register
// themselves. share-scope-init-once.test.js checks both, and tells when the runtime no longer needs this.
const patched = new WeakSet();

function shareScopeInitOnce() {
  return {
    name: 'portal-share-scope-init-once',
    init({ origin }) {
      const handler = origin?.sharedHandler;
      if (!handler || typeof handler.initializeSharing !== 'function' || patched.has(handler)) return;
      patched.add(handler);
      const initScope = [];
      const initializeSharing = handler.initializeSharing.bind(handler);
      handler.initializeSharing = (shareScopeName, extraOptions) =>
        initializeSharing(
          shareScopeName,
          extraOptions?.initScope || extraOptions?.from === 'build' ? extraOptions : { ...extraOptions, initScope },
        );
    },
  };
}

module.exports = shareScopeInitOnce;
module.exports.default = shareScopeInitOnce;
