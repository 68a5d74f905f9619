/** @jest-environment node */
// The remote's view of the shell's bundler runtime: shared functions, but the remote's own federation instance.
describe('bundler-runtime-from-shell', () => {
  afterEach(() => {
    delete globalThis.__portalBundlerRuntime;
    jest.resetModules();
  });

  function shellRuntime() {
    const instances = [];
    const shellInstance = { options: { name: 'shell' }, initOptions: jest.fn() };
    instances.push(shellInstance);
    const runtime = {
      loadRemote: jest.fn(),
      getInstance: (finder) => instances.find(finder) ?? null,
      createInstance: jest.fn((options) => {
        const instance = { options, initOptions: jest.fn() };
        instances.push(instance);
        return instance;
      }),
      // The shell's own init would make the remote's instance the one its loadRemote() uses.
      init: jest.fn(() => {
        throw new Error('the remote must not call the shell runtime init');
      }),
    };
    const bundlerRuntime = { consumes: jest.fn(), I: jest.fn(), initContainerEntry: undefined, S: { shell: {} } };
    globalThis.__portalBundlerRuntime = { runtime, bundlerRuntime, attachShareScopeMap: jest.fn() };
    return { runtime, bundlerRuntime, shellInstance };
  }

  it("creates the remote's own instance once and reuses it, leaving the shell's runtime init alone", () => {
    const { runtime, shellInstance } = shellRuntime();
    const federation = require('./bundler-runtime-from-shell.js').default;
    const first = federation.runtime.init({ name: 'mfe_x', remotes: [] });
    expect(first).not.toBe(shellInstance);
    expect(runtime.createInstance).toHaveBeenCalledWith({ name: 'mfe_x', remotes: [], id: '' });
    expect(federation.runtime.init({ name: 'mfe_x', remotes: [] })).toBe(first);
    expect(first.initOptions).toHaveBeenCalledTimes(1);
    expect(runtime.init).not.toHaveBeenCalled();
    expect(federation.runtime.loadRemote).toBe(runtime.loadRemote);
  });

  it("shares the shell's bundler functions, with its own share scope object and initContainerEntry", () => {
    const { bundlerRuntime } = shellRuntime();
    const federation = require('./bundler-runtime-from-shell.js').default;
    expect(federation.bundlerRuntime.consumes).toBe(bundlerRuntime.consumes);
    expect(federation.bundlerRuntime.S).toEqual({});
    expect(typeof federation.bundlerRuntime.initContainerEntry).toBe('function');
    expect(federation.instance).toBeUndefined();
  });

  it('fails clearly without the shell', () => {
    expect(() => require('./bundler-runtime-from-shell.js')).toThrow(/inside the portal shell/);
  });
});
