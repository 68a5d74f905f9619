import { registryEntry } from '../testing/fixtures';
import { createFederationRemoteLoader } from './remote-loader';

jest.mock('@module-federation/enhanced/runtime', () => ({
  getInstance: jest.fn(() => ({})),
  init: jest.fn(),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

const runtime = jest.requireMock('@module-federation/enhanced/runtime') as {
  registerRemotes: jest.Mock;
  loadRemote: jest.Mock;
};

const remoteModule = { default: { id: 'gpsr', routes: [], translations: { en: {}, de: {} } } };
const entry = registryEntry('gpsr', { manifestUrl: '/remotes/mfe-gpsr/mf-manifest.json' });

beforeEach(() => {
  runtime.registerRemotes.mockReset();
  runtime.loadRemote.mockReset();
});

describe('federation remote loader', () => {
  it('registers the manifest resolved against the page and loads <remote>/remote once', async () => {
    runtime.loadRemote.mockResolvedValue(remoteModule);
    const loader = createFederationRemoteLoader();
    await expect(loader.load(entry)).resolves.toBe(remoteModule.default);
    await loader.load(entry);
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
    expect(runtime.registerRemotes).toHaveBeenCalledWith(
      [{ name: 'mfe_gpsr', entry: 'http://localhost/remotes/mfe-gpsr/mf-manifest.json' }],
      { force: false },
    );
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
    expect(runtime.loadRemote).toHaveBeenCalledWith('mfe_gpsr/remote');
  });

  it('after a failure re-registers with force and a cache-busting URL, and then succeeds', async () => {
    runtime.loadRemote.mockRejectedValueOnce(new Error('Failed to fetch manifest')).mockResolvedValueOnce(remoteModule);
    const loader = createFederationRemoteLoader();
    await expect(loader.load(entry)).rejects.toThrow('Failed to fetch manifest');
    // Even a plain load (no explicit retry) re-attempts a remote that failed before.
    await expect(loader.load(entry)).resolves.toBe(remoteModule.default);
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(2);
    const [remotes, options] = runtime.registerRemotes.mock.calls[1];
    expect(remotes[0].entry).toMatch(/^http:\/\/localhost\/remotes\/mfe-gpsr\/mf-manifest\.json\?retry=\d+$/);
    expect(options).toEqual({ force: true });
  });

  it('rejects a module that is not a portal remote', async () => {
    runtime.loadRemote.mockResolvedValue({ default: { nope: true } });
    await expect(createFederationRemoteLoader().load(entry)).rejects.toThrow(
      'did not export a portal remote definition',
    );
  });

  it('rejects when the runtime returns nothing', async () => {
    runtime.loadRemote.mockResolvedValue(null);
    await expect(createFederationRemoteLoader().load(entry)).rejects.toThrow('could not be loaded');
  });
});
