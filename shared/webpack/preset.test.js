/** @jest-environment node */
const fs = require('fs');
const path = require('path');
const {
  createHostConfig,
  createRemoteConfig,
  InjectedRuntimeFromEsm,
  MuiFolderImports,
  SHARED_SINGLETONS,
} = require('./preset');
const { releaseStagingDir } = require('./release');

const dir = path.join(__dirname, '..');

function federationOptions(config) {
  const plugin = config.plugins.find((p) => p.constructor.name === 'ModuleFederationPlugin');
  return plugin._options;
}

describe('createRemoteConfig', () => {
  const config = createRemoteConfig({ name: 'mfe_test', exposes: { './remote': './src/index.ts' }, port: 3199, dir })(
    {},
    { mode: 'production' },
  );

  it('builds [name].js with hashed chunks, publicPath auto and a unique name, as a release (release.test.js)', () => {
    expect(config.output).toMatchObject({
      filename: '[name].js',
      publicPath: 'auto',
      uniqueName: 'mfe_test',
      path: releaseStagingDir(dir),
    });
    expect(config.output.chunkFilename).toContain('[contenthash');
  });
  it('federates with manifest, no dts, remoteEntry.js and all singletons, none eager', () => {
    const mf = federationOptions(config);
    expect(mf).toMatchObject({
      name: 'mfe_test',
      filename: 'remoteEntry.js',
      manifest: true,
      dts: false,
      exposes: { './remote': './src/index.ts' },
    });
    expect(Object.keys(mf.shared).sort()).toEqual([...SHARED_SINGLETONS].sort());
    for (const entry of Object.values(mf.shared)) {
      expect(entry.singleton).toBe(true);
      expect(entry.eager).toBeUndefined();
    }
    expect(mf.shared.react.version).toMatch(/^18\./);
    // Deep singletons carry their package's version (MUI's esm/ subfolders have version-less package.json files).
    expect(mf.shared['react/jsx-runtime'].version).toBe(mf.shared.react.version);
    const muiVersion = require('@mui/material/package.json').version;
    expect(mf.shared['@mui/material/'].version).toBe(muiVersion);
    expect(mf.shared['@mui/material/'].requiredVersion).toBe(require('../package.json').devDependencies['@mui/material']);
    // MUI is shared per component folder, never as the whole barrel.
    expect(mf.shared['@mui/material']).toBeUndefined();
  });
  it('writes brotli and gzip files beside the text assets of a production build only', () => {
    const compression = (c) =>
      c.plugins.filter((p) => p.constructor.name === 'CompressionPlugin').map((p) => p.options);
    const options = compression(config);
    expect(options.map((o) => o.filename).sort()).toEqual(['[path][base].br', '[path][base].gz']);
    for (const o of options) {
      for (const file of ['main.js', '853.ae5a41ba.js', 'mf-manifest.json', 'index.html'])
        expect(o.test.test(file)).toBe(true);
      for (const file of ['main.js.map', 'logo.png', 'main.js.LICENSE.txt']) expect(o.test.test(file)).toBe(false);
    }
    const dev = createRemoteConfig({ name: 'x', exposes: {}, port: 1, dir })({}, { mode: 'development' });
    expect(compression(dev)).toEqual([]);
    expect(compression(createHostConfig({ name: 'shell', port: 3000, dir })({}, { mode: 'production' }))).toHaveLength(
      2,
    );
  });
  it("takes the shell's core singletons from the share scope in production (no copy bundled), MUI folders with a copy", () => {
    const shared = federationOptions(config).shared;
    for (const name of ['react', 'react-dom', 'react/jsx-runtime', 'react-router-dom', '@portal/shared', 'i18next'])
      expect(shared[name].import).toBe(false);
    for (const name of ['@mui/material/', '@mui/system/', '@mui/icons-material'])
      expect(shared[name].import).toBeUndefined();
    const dev = createRemoteConfig({ name: 'x', exposes: {}, port: 1, dir })({}, { mode: 'development' });
    for (const entry of Object.values(federationOptions(dev).shared)) expect(entry.import).toBeUndefined();
    const host = createHostConfig({ name: 'shell', port: 3000, dir })({}, { mode: 'production' });
    for (const entry of Object.values(federationOptions(host).shared)) expect(entry.import).toBeUndefined();
  });
  it('uses the federation runtime and bundler runtime the shell provides in production, its own in development', () => {
    const bundlerRuntimeFromShell = (c) => c.plugins.some((p) => p.constructor.name === 'BundlerRuntimeFromShell');
    expect(federationOptions(config).experiments).toEqual({ externalRuntime: true });
    expect(bundlerRuntimeFromShell(config)).toBe(true);
    const dev = createRemoteConfig({ name: 'x', exposes: {}, port: 1, dir })({}, { mode: 'development' });
    expect(federationOptions(dev).experiments).toBeUndefined();
    expect(bundlerRuntimeFromShell(dev)).toBe(false);
  });
  it('writes production source maps that no bundle names (hidden), eval maps in development', () => {
    expect(config.devtool).toBe('hidden-source-map');
    const host = createHostConfig({ name: 'shell', port: 3000, dir })({}, { mode: 'production' });
    expect(host.devtool).toBe('hidden-source-map');
    const dev = createRemoteConfig({ name: 'x', exposes: {}, port: 1, dir })({}, { mode: 'development' });
    expect(dev.devtool).toBe('eval-cheap-module-source-map');
  });
  it('serves with CORS and history fallback', () => {
    expect(config.devServer).toMatchObject({ port: 3199, historyApiFallback: true });
    expect(config.devServer.headers['Access-Control-Allow-Origin']).toBe('*');
  });
  it("takes the dev port from the remote's package.json (portal.devPort) when none is given", () => {
    const fs = require('fs');
    const os = require('os');
    const remoteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'preset-remote-'));
    try {
      fs.writeFileSync(path.join(remoteDir, 'package.json'), JSON.stringify({ portal: { id: 'x', devPort: 3177 } }));
      const remote = createRemoteConfig({ name: 'mfe_x', exposes: {}, dir: remoteDir })({}, { mode: 'development' });
      expect(remote.devServer.port).toBe(3177);
    } finally {
      fs.rmSync(remoteDir, { recursive: true, force: true });
    }
  });
  it('pins one React for every module', () => {
    expect(require(path.join(config.resolve.alias.react, 'package.json')).version).toMatch(/^18\./);
  });
  it('merges extra config', () => {
    const merged = createRemoteConfig({
      name: 'x',
      exposes: {},
      port: 1,
      dir,
      extra: { resolve: { alias: { foo: '/bar' } }, module: { rules: [{ test: /\.txt$/, type: 'asset/source' }] } },
    })({}, { mode: 'development' });
    expect(merged.resolve.alias.foo).toBe('/bar');
    expect(merged.resolve.alias.react).toBeDefined();
    expect(merged.module.rules.at(-1).type).toBe('asset/source');
  });
});

describe('createHostConfig', () => {
  const config = createHostConfig({ name: 'shell', port: 3000, dir })({}, { mode: 'development' });
  it('has no build-time remotes, entry ./src/index.ts and publicPath /, and provides the federation runtimes', () => {
    expect(federationOptions(config).remotes).toEqual({});
    expect(federationOptions(config).experiments).toEqual({
      provideExternalRuntime: true,
      optimization: { target: 'web' },
    });
    // The bundler runtime is published for the remotes before the shell's code runs.
    expect(config.entry).toEqual({ main: [path.join(__dirname, 'bundler-runtime-for-remotes.js'), './src/index.ts'] });
    expect(config.output.publicPath).toBe('/');
  });
  it('proxies /api and serves /portal-config.json with the emulator on', () => {
    expect(config.devServer.proxy[0]).toMatchObject({ context: ['/api'], target: 'http://127.0.0.1:3001' });
    const routes = {};
    config.devServer.setupMiddlewares([], { app: { get: (p, h) => (routes[p] = h) } });
    let body;
    routes['/portal-config.json']({}, { setHeader() {}, json: (b) => (body = b) });
    expect(body).toMatchObject({
      apiBaseUrl: '/api',
      authEmulatorUrl: 'http://127.0.0.1:9099',
      firebase: { projectId: 'demo-portal' },
    });
  });
});

describe('createHostConfig with sign-in pages', () => {
  // The shell's folder: its public/index.html is the template that takes the parameters.
  const shellDir = path.join(__dirname, '..', '..', 'shell');
  const build = createHostConfig({ name: 'shell', port: 3000, dir: shellDir, signIn: './src/sign-in/index.ts' });
  const htmlOf = (config) => config.plugins.find((p) => p.constructor.name === 'HtmlWebpackPlugin');

  it('builds the host and, beside it in dist/sign-in/, the sign-in pages without module federation', () => {
    const [host, signIn] = build({}, { mode: 'production' });
    expect(federationOptions(host).name).toBe('shell');
    expect(signIn.plugins.map((p) => p.constructor.name)).not.toContain('ModuleFederationPlugin');
    expect(signIn.entry).toEqual({ main: './src/sign-in/index.ts' });
    expect(signIn.output).toMatchObject({ path: path.join(shellDir, 'dist', 'sign-in'), publicPath: '/sign-in/' });
    expect(signIn.output.uniqueName).not.toBe(host.output.uniqueName);
    // The host's clean keeps the other compilation's files.
    expect(host.output.clean.keep.test('sign-in/main.js')).toBe(true);
    expect(host.output.clean.keep.test('main.js')).toBe(false);
    expect(htmlOf(host).userOptions.templateParameters).toEqual({ signInScript: '/sign-in/main.js' });
  });
  it('is the host alone in development, whose page then always loads the host', () => {
    const config = build({}, { mode: 'development' });
    expect(Array.isArray(config)).toBe(false);
    expect(htmlOf(config).userOptions.templateParameters).toEqual({ signInScript: '' });
  });
});

describe('MuiFolderImports', () => {
  /** Runs the plugin's beforeResolve hook on one request as webpack would. */
  function resolveFrom(context, request) {
    let hook;
    const factory = { hooks: { beforeResolve: { tap: (_name, fn) => (hook = fn) } } };
    new MuiFolderImports(dir).apply({ hooks: { normalModuleFactory: { tap: (_name, fn) => fn(factory) } } });
    const data = { context, request };
    hook(data);
    return data.request;
  }
  const esm = path.join(path.dirname(require.resolve('@mui/material/package.json')), 'esm');

  it("routes a MUI component's import of another component folder to the shared package path", () => {
    expect(resolveFrom(path.join(esm, 'Button'), '../ButtonBase/index.js')).toBe('@mui/material/ButtonBase');
    expect(resolveFrom(path.join(esm, 'TextField'), '../styles/index.js')).toBe('@mui/material/styles');
  });

  it('leaves file imports, same-folder imports and code outside MUI alone', () => {
    expect(resolveFrom(path.join(esm, 'Button'), '../utils/capitalize.js')).toBe('../utils/capitalize.js');
    expect(resolveFrom(path.join(esm, 'Button'), './buttonClasses.js')).toBe('./buttonClasses.js');
    expect(resolveFrom(path.join(dir, 'src', 'ui'), '../ButtonBase/index.js')).toBe('../ButtonBase/index.js');
  });
});

describe('InjectedRuntimeFromEsm', () => {
  function resolve(request) {
    let hook;
    const factory = { hooks: { beforeResolve: { tap: (_name, fn) => (hook = fn) } } };
    new InjectedRuntimeFromEsm().apply({ hooks: { normalModuleFactory: { tap: (_name, fn) => fn(factory) } } });
    const data = { request };
    hook(data);
    return data.request;
  }

  it("takes the ESM file of the enhanced plugin's runtime injection (the path it adds), which exists", () => {
    const added = require.resolve('@module-federation/inject-external-runtime-core-plugin', {
      paths: [require.resolve('@module-federation/enhanced')],
    });
    expect(added).toMatch(/index\.cjs$/);
    const esm = resolve(added);
    expect(esm).toBe(added.replace(/\.cjs$/, '.js'));
    expect(fs.readFileSync(esm, 'utf8')).toMatch(
      /^import \* as \w+ from "@module-federation\/runtime-tools\/runtime-core";/m,
    );
  });

  it('leaves every other request alone, and is part of the host build only', () => {
    expect(resolve('@module-federation/runtime-core')).toBe('@module-federation/runtime-core');
    const has = (config) => config.plugins.some((plugin) => plugin instanceof InjectedRuntimeFromEsm);
    expect(has(createHostConfig({ name: 'shell', port: 3000, dir })({}, { mode: 'production' }))).toBe(true);
  });
});
