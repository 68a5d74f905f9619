/** @jest-environment node */
// The real federation runtime with the shell's share table: how often a container registers its shared modules.
const { ModuleFederation } = require('@module-federation/runtime-core');
const shareScopeInitOnce = require('./share-scope-init-once');

const MODULES = Array.from({ length: 40 }, (_, i) => `@mui/material/Folder${i}`);

function host(plugins) {
  const registrations = [];
  const counter = {
    name: 'count-registrations',
    afterRegisterShare(args) {
      registrations.push(args.pkgName);
      return args;
    },
  };
  const shared = Object.fromEntries(
    MODULES.map((name, i) => [
      name,
      {
        version: '7.3.11',
        get: () => () => ({ folder: i }),
        shareConfig: { singleton: true, requiredVersion: '^7.3.0' },
        strategy: 'loaded-first',
      },
    ]),
  );
  const instance = new ModuleFederation({ name: 'shell', remotes: [], shared, plugins: [counter, ...plugins] });
  return { instance, registrations };
}

async function loadAll(instance) {
  const factories = await Promise.all(MODULES.map((name) => instance.loadShare(name)));
  return factories.map((factory) => factory());
}

describe('share-scope-init-once', () => {
  it('registers each shared module once however many are loaded, and every load still gets its module', async () => {
    const { instance, registrations } = host([shareScopeInitOnce()]);
    const modules = await loadAll(instance);
    expect(modules.map((module) => module.folder)).toEqual(MODULES.map((_, i) => i));
    // Once when the runtime formats the options, once at the first load's initialisation.
    expect(registrations.length).toBeLessThanOrEqual(2 * MODULES.length);
    await loadAll(instance);
    expect(registrations.length).toBeLessThanOrEqual(2 * MODULES.length);
  });

  it('still sees shares registered later, and keeps the first registered version (loaded-first)', async () => {
    const { instance } = host([shareScopeInitOnce()]);
    await loadAll(instance);
    instance.initOptions({
      name: 'shell',
      shared: { 'late-module': { version: '1.0.0', get: () => () => 'late', shareConfig: { singleton: true } } },
    });
    expect((await instance.loadShare('late-module'))()).toBe('late');
    const first = instance.shareScopeMap.default[MODULES[0]]['7.3.11'];
    await loadAll(instance);
    expect(instance.shareScopeMap.default[MODULES[0]]['7.3.11']).toBe(first);
  });

  it('is still needed: without it the runtime registers the whole table again on every load', async () => {
    // When this fails, the runtime keeps its init scope itself (module-federation/core#5062): drop the plugin.
    const { instance, registrations } = host([]);
    await loadAll(instance);
    expect(registrations.length).toBeGreaterThan(MODULES.length * MODULES.length);
  });
});
