// Webpack + Module Federation preset for the shell (host) and every remote.
// Usage (remote):  module.exports = createRemoteConfig({ name: 'mfe_gpsr', exposes: { './remote': './src/remote.tsx' }, dir: __dirname });
//                  (dev port: package.json "portal": { "id": "gpsr", "devPort": 3104 })
// Usage (host):    module.exports = createHostConfig({ name: 'shell', port: 3000, dir: __dirname });
const path = require('path');
const fs = require('fs');
const zlib = require('zlib');
const CompressionPlugin = require('compression-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { portalConfigFromEnv } = require('./portal-config');
const { PortalRemoteDescriptorPlugin } = require('./remote-descriptor');
const { PortalReleasePlugin, releaseStagingDir } = require('./release');

const SHARED_SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-router-dom',
  // MUI is shared per component folder ('@mui/material/Button', '@mui/material/styles', ...; the barrel import is
  // refused by the lint), so a page downloads the components it renders instead of the whole library. MUI's own
  // cross-folder imports are routed through the same keys (MuiFolderImports below); its theming core is shared whole.
  '@mui/material/',
  '@mui/system',
  '@mui/system/',
  '@mui/styled-engine',
  '@mui/private-theming',
  '@mui/icons-material',
  '@emotion/react',
  '@emotion/styled',
  'i18next',
  'react-i18next',
  'zustand',
  'react-hook-form',
  '@portal/shared',
];

const ownPackage = require('../package.json');

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Directory of a package as seen from `dir` (workspaces may hold their own copy, e.g. react 18 beside a hoisted 19). */
function packageDir(name, dir) {
  return path.dirname(require.resolve(`${name}/package.json`, { paths: [dir, __dirname] }));
}

/** 'react/jsx-runtime' → 'react', '@mui/material/' → '@mui/material'. */
function packageNameOf(request) {
  const parts = request.split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * The ranges a package.json declares. The frontends list their libraries as devDependencies: webpack bundles them, so
 * a production install (the api and the portal server) leaves them and their build tools out.
 */
function declaredRanges(pkg) {
  return { ...(pkg.devDependencies ?? {}), ...(pkg.peerDependencies ?? {}), ...(pkg.dependencies ?? {}) };
}

/** Version range a package asks for: the consuming package's declaration, else @portal/shared's, else any. */
function requiredVersionOf(request, dir) {
  const name = packageNameOf(request);
  if (name === '@portal/shared') return `^${ownPackage.version}`;
  const pkg = readJson(path.join(dir, 'package.json')) ?? {};
  const deps = { ...declaredRanges(ownPackage), ...declaredRanges(pkg) };
  return deps[name] ?? false;
}

/** Installed version (explicit: some packages, e.g. @mui/material/esm, carry a version-less package.json). */
function installedVersionOf(request, dir) {
  const name = packageNameOf(request);
  if (name === '@portal/shared') return ownPackage.version;
  try {
    return readJson(path.join(packageDir(name, dir), 'package.json'))?.version ?? undefined;
  } catch {
    return undefined;
  }
}

/** A plugin that may change a module request before webpack resolves it (`rewrite(data)` edits `data.request`). */
class RequestRewrite {
  apply(compiler) {
    const name = this.constructor.name;
    compiler.hooks.normalModuleFactory.tap(name, (factory) => {
      factory.hooks.beforeResolve.tap(name, (data) => {
        this.rewrite(data);
      });
    });
  }
}

/**
 * Inside @mui/material, a component reaches another one by a relative path ('../ButtonBase/index.js'). Rewritten to
 * the package path ('@mui/material/ButtonBase'), it resolves to the shared module every build agrees on, so a
 * component is downloaded once and its React contexts exist once.
 */
class MuiFolderImports extends RequestRewrite {
  constructor(dir) {
    super();
    this.esmDir = path.join(packageDir('@mui/material', dir), 'esm');
  }

  rewrite(data) {
    const folder = /^\.\.\/([A-Za-z-]+)\/index\.js$/.exec(data.request)?.[1];
    if (folder && path.dirname(data.context) === this.esmDir) data.request = `@mui/material/${folder}`;
  }
}

// Shared modules the shell always provides (it renders with them on every page). A remote's production build takes
// them from the shell's share scope and bundles no copy of its own: no fallback chunks, no provide registration and
// no chunk names for them in its remoteEntry.js (with @portal/shared's copy gone, neither the MUI folders only that
// copy imported). MUI's component folders keep their fallbacks: a remote may render one the shell never loads.
const PROVIDED_BY_SHELL = SHARED_SINGLETONS.filter(
  (name) => !name.endsWith('/') && !['@mui/icons-material', 'react-hook-form'].includes(name),
);

function sharedConfig(dir, { fromShell = [] } = {}) {
  const shared = {};
  for (const name of SHARED_SINGLETONS) {
    shared[name] = {
      singleton: true,
      requiredVersion: requiredVersionOf(name, dir),
      version: installedVersionOf(name, dir),
      ...(fromShell.includes(name) ? { import: false } : {}),
    };
  }
  return shared;
}

/**
 * webpack 5.111 adds its own 'sharing' runtime module beside the federation plugin's, which replaces its
 * `__webpack_require__.I` at startup: the first one is dead code listing every shared module again (about 1 KB
 * compressed per remoteEntry.js and in the shell's main.js). Dropped where the federation's is present.
 */
class DropWebpackShareRuntime {
  apply(compiler) {
    const WebpackShareRuntimeModule = require(
      require.resolve('webpack/lib/sharing/ShareRuntimeModule', {
        paths: [compiler.context],
      }),
    );
    compiler.hooks.compilation.tap('DropWebpackShareRuntime', (compilation) => {
      compilation.hooks.afterRuntimeRequirements.tap('DropWebpackShareRuntime', () => {
        const { chunkGraph } = compilation;
        for (const chunk of compilation.chunks) {
          const modules = [...chunkGraph.getChunkRuntimeModulesIterable(chunk)];
          const sharing = modules.filter((module) => module.name === 'sharing');
          if (sharing.length < 2) continue;
          for (const module of sharing) {
            if (module.constructor !== WebpackShareRuntimeModule) continue;
            chunkGraph.disconnectChunkAndRuntimeModule(chunk, module);
            compilation.modules.delete(module);
          }
        }
      });
    });
  }
}

/** A remote's production build takes the shell's federation bundler runtime (bundler-runtime-from-shell.js). */
class BundlerRuntimeFromShell extends RequestRewrite {
  rewrite(data) {
    if (/webpack-bundler-runtime[\\/]dist[\\/]bundler\.js$/.test(data.request)) {
      data.request = path.join(__dirname, 'bundler-runtime-from-shell.js');
    }
  }
}

/**
 * The shell provides its federation runtime to the remotes through @module-federation/enhanced's
 * inject-external-runtime-core-plugin, which the enhanced plugin adds by its CommonJS path. That file requires the
 * CommonJS build of runtime-core, so main.js carried the runtime twice (CommonJS for the remotes, ESM for the shell,
 * about 60 KB raw) and the remotes got a different runtime object than the shell's. Its ESM file imports the ESM
 * runtime-core: one copy, the shell's own.
 */
class InjectedRuntimeFromEsm extends RequestRewrite {
  rewrite(data) {
    if (/inject-external-runtime-core-plugin[\\/]dist[\\/]index\.cjs$/.test(data.request)) {
      data.request = data.request.replace(/\.cjs$/, '.js');
    }
  }
}

/**
 * One copy of react/react-dom per build. npm hoists a peer React 19 to the root node_modules while each
 * workspace pins 18.3.1 locally; without this, @mui or react-i18next would bind to the other React.
 */
function reactAliases(dir) {
  return {
    react: packageDir('react', dir),
    'react-dom': packageDir('react-dom', dir),
  };
}

function swcRule(mode) {
  return {
    test: /\.(ts|tsx|js|jsx|mjs)$/,
    exclude: /node_modules/,
    use: {
      loader: require.resolve('swc-loader'),
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: {
            react: { runtime: 'automatic', development: mode === 'development', refresh: false },
          },
          target: 'es2020',
        },
      },
    },
  };
}

// The host puts the MUI folders it renders in chunks by what loads them (hostMuiChunks). A remote only adds the folders
// the host does not provide, so it keeps them apart and gathers just their common helpers. Not MUI's theming core
// (styles, zero-styled, DefaultPropsProvider): the shell always provides it, so a remote's copy is a fallback that
// never runs, and in the helpers' chunk it was downloaded with them on every remote page that renders a folder of its
// own (9 to 13 KB).
const MUI_HELPERS =
  /[\\/]node_modules[\\/](@mui[\\/]utils|clsx|react-is|prop-types|@mui[\\/]material[\\/]esm[\\/](utils|internal))[\\/]/;
const MUI_ALL =
  /[\\/]node_modules[\\/](@mui[\\/](material|system|utils|styled-engine|private-theming)|clsx|react-is|prop-types|@popperjs|react-transition-group)[\\/]/;

/** A remote's MUI helpers: those its own MUI folders use, not one its code imports itself (it stays with that code). */
function muiChunk(test) {
  const importedByOwnCode = (module, moduleGraph) =>
    [...moduleGraph.getIncomingConnections(module)].some(
      (connection) => connection.originModule && !MUI_ALL.test(connection.originModule.nameForCondition() ?? ''),
    );
  return {
    splitChunks: {
      cacheGroups: {
        mui: {
          test: (module, { moduleGraph }) =>
            test.test(module.nameForCondition() ?? '') && !importedByOwnCode(module, moduleGraph),
          name: 'mui',
          chunks: 'async',
          enforce: true,
        },
      },
    },
  };
}

/** The entry module: webpack adds it, no module imports it. */
function isEntry(module, moduleGraph) {
  for (const connection of moduleGraph.getIncomingConnections(module)) if (!connection.originModule) return true;
  return false;
}

/** loadsWith's root for the entry (the host's first page). */
const ENTRY = Symbol('entry');

/**
 * Is `module` part of what loads together with `root`: the entry (the host's first page), or the `import()` of the
 * chunk named `root`? Walks its importers back through static imports only, with two exceptions that load with them:
 * the entry's own `import('./bootstrap')` (the async boundary of module federation) and a shared module's consume (a
 * page reaches a shared MUI folder through it; the consume loads it ahead of the page). Any other `import()` ends a
 * path (lazy routes, pages, dialogs), and so does a share-scope provider (it registers every shared module, used or
 * not).
 */
function loadsWith(module, moduleGraph, root) {
  const seen = new Set([module]);
  const queue = [module];
  while (queue.length > 0) {
    const current = queue.pop();
    if (root === ENTRY && isEntry(current, moduleGraph)) return true;
    for (const connection of moduleGraph.getIncomingConnections(current)) {
      const origin = connection.originModule;
      if (!origin || seen.has(origin) || origin.type === 'provide-module') continue;
      const block = connection.dependency && moduleGraph.getParentBlock(connection.dependency);
      const viaImport = block !== origin && block?.groupOptions !== undefined;
      if (viaImport && root !== ENTRY && block.groupOptions.name === root) return true;
      if (viaImport && origin.type !== 'consume-shared-module' && !isEntry(origin, moduleGraph)) continue;
      seen.add(origin);
      queue.push(origin);
    }
  }
  return false;
}

/**
 * The host's MUI: 'mui' with what the first page renders, 'mui-signed-in' with what the signed-in layout and dashboard
 * add (the 'signed-in' chunk, shell/src/routes/load-signed-in.ts), and what only lazily loaded code needs (the login
 * form, the staff console, dialogs, the buy sections, the remotes' pages) split by the shared folders that use it, so
 * a page downloads the folders it renders. As one 'mui-late' chunk (24 KB compressed) it came with every remote page;
 * split, /invoices went from 351.1 to 335.8 KB and /licenses from 335.3 to 317.4 KB, while pages that render most of
 * those folders pay up to 5 KB more (smaller files compress less) and make more requests (44 to 62 scripts).
 */
function hostMuiChunks() {
  const chunkOf = new WeakMap();
  const nameOf = (module, moduleGraph) => {
    if (!chunkOf.has(module)) {
      chunkOf.set(
        module,
        loadsWith(module, moduleGraph, ENTRY)
          ? 'mui'
          : loadsWith(module, moduleGraph, 'signed-in')
            ? 'mui-signed-in'
            : 'mui-late',
      );
    }
    return chunkOf.get(module);
  };
  const isMui = (module) => MUI_ALL.test(module.nameForCondition() ?? '');
  const group = (kind, options = { name: kind }) => ({
    test: (module, { moduleGraph }) => isMui(module) && nameOf(module, moduleGraph) === kind,
    chunks: 'async',
    enforce: true,
    ...options,
  });
  return {
    splitChunks: {
      cacheGroups: {
        mui: group('mui'),
        muiSignedIn: group('mui-signed-in'),
        // No name: webpack gives each set of shared folders using a module a chunk of its own (no size limit, so no
        // module is copied into several chunks).
        muiLate: group('mui-late', { minSize: 0, minChunks: 1 }),
      },
    },
  };
}

function baseConfig({ name, dir, mode, publicPath }) {
  const isProd = mode === 'production';
  return {
    mode,
    context: dir,
    // Production maps are written beside the bundles (for error reports) but the bundles name no map: a browser
    // never asks for one, and the portal server answers 404 for *.map, so the sources stay unpublished.
    devtool: isProd ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(dir, 'dist'),
      filename: '[name].js',
      chunkFilename: isProd ? '[name].[contenthash:8].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      publicPath,
      uniqueName: name,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.json'],
      alias: reactAliases(dir),
    },
    optimization: muiChunk(MUI_HELPERS),
    module: {
      rules: [
        swcRule(mode),
        { test: /\.(png|svg|jpe?g|gif|webp)$/i, type: 'asset/resource' },
        // MUI/emotion is the styling system; a stray .css import becomes a harmless empty module.
        { test: /\.css$/i, type: 'asset/source' },
      ],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

// Brotli and gzip files beside every text asset, written once at build time; the portal server picks one by
// Accept-Encoding. Files that shrink by less than 10 % (or are under 1 KB) are served as they are.
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg)$/;

function compressionPlugins() {
  const common = { test: COMPRESSIBLE, threshold: 1024, minRatio: 0.9 };
  return [
    new CompressionPlugin({
      ...common,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
    }),
    new CompressionPlugin({
      ...common,
      filename: '[path][base].gz',
      algorithm: 'gzip',
      compressionOptions: { level: 9 },
    }),
  ];
}

function federationPlugin(options) {
  return new ModuleFederationPlugin({
    manifest: true,
    dts: false,
    // The shell provides every shared singleton and remotes use what is loaded. 'version-first' (the default) would
    // fetch every registered remote's manifest and entry before each of the shell's lazy chunks to compare versions,
    // so one unreachable remote failed the staff console's and the signed-in layout's chunk loads as well.
    shareStrategy: 'loaded-first',
    runtimePlugins: [path.join(__dirname, 'share-scope-init-once.js')],
    ...options,
  });
}

function htmlPlugin(dir, { title, chunks, publicPath, templateParameters }) {
  const template = path.join(dir, 'public', 'index.html');
  const favicon = path.join(dir, 'public', 'favicon.svg');
  return new HtmlWebpackPlugin({
    ...(fs.existsSync(favicon) ? { favicon } : {}),
    ...(fs.existsSync(template)
      ? // The template loads the page's script itself (templateParameters name the choices).
        { template, inject: false, templateParameters }
      : {
          templateContent: `<!doctype html><html lang="de"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>${title}</title></head><body><div id="root"></div></body></html>`,
        }),
    chunks,
    // Absolute script URLs so deep links served by historyApiFallback still load the bundle.
    publicPath: publicPath ?? '/',
  });
}

/** The build's mode: webpack's --mode, else NODE_ENV, else development. */
function modeOf(argv) {
  return argv.mode ?? process.env.NODE_ENV ?? 'development';
}

function mergeConfig(base, extra) {
  if (!extra) return base;
  const merged = { ...base, ...extra };
  for (const key of ['output', 'resolve', 'devServer', 'optimization']) {
    if (base[key] || extra[key]) merged[key] = { ...(base[key] ?? {}), ...(extra[key] ?? {}) };
  }
  if (base.resolve || extra.resolve) {
    merged.resolve.alias = { ...(base.resolve?.alias ?? {}), ...(extra.resolve?.alias ?? {}) };
  }
  merged.plugins = [...(base.plugins ?? []), ...(extra.plugins ?? [])];
  merged.module = {
    ...(base.module ?? {}),
    ...(extra.module ?? {}),
    rules: [...(base.module?.rules ?? []), ...(extra.module?.rules ?? [])],
  };
  if (base.entry && extra.entry && typeof extra.entry === 'object') merged.entry = { ...base.entry, ...extra.entry };
  return merged;
}

/**
 * @param {{ name: string, exposes: Record<string, string>, port?: number, dir: string, extra?: object,
 *           standalone?: string | false }} options
 * `standalone` (default './src/dev/standalone.tsx', when the file exists) is loaded behind an async boundary
 * generated here, so it may import shared modules statically.
 */
function createRemoteConfig({ name, exposes, port: portOption, dir, extra, standalone }) {
  if (!name || !exposes || !dir) throw new Error('createRemoteConfig needs { name, exposes, dir }');
  // The dev-server port lives once, in the remote's package.json (`"portal": { "id", "devPort" }`), where
  // `npm run dev` (scripts/stack.mjs) reads it too.
  const port = portOption ?? readJson(path.join(dir, 'package.json'))?.portal?.devPort;
  return (env = {}, argv = {}) => {
    const mode = modeOf(argv);
    const base = baseConfig({ name, dir, mode, publicPath: 'auto' });
    const standalonePath = standalone === false ? null : path.resolve(dir, standalone ?? './src/dev/standalone.tsx');
    // Dev only: the standalone page (fake services) is never part of a production build.
    const hasStandalone = mode !== 'production' && standalonePath != null && fs.existsSync(standalonePath);

    const config = {
      ...base,
      // A production build is an immutable release: webpack writes a staging folder that PortalReleasePlugin turns
      // into dist/releases/<version>-<hash>/ (release.js); the dev server serves from memory as before.
      ...(mode === 'production' ? { output: { ...base.output, path: releaseStagingDir(dir) } } : {}),
      entry: hasStandalone ? { standalone: path.join(__dirname, 'standalone-entry.js') } : {},
      resolve: {
        ...base.resolve,
        alias: { ...base.resolve.alias, ...(hasStandalone ? { 'portal-standalone-app$': standalonePath } : {}) },
      },
      plugins: [
        federationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          shared: sharedConfig(dir, { fromShell: mode === 'production' ? PROVIDED_BY_SHELL : [] }),
          // In production the shell provides the federation runtime (about 25 KB compressed per remoteEntry.js) and
          // its bundler runtime; the standalone dev page has no shell and keeps its own.
          ...(mode === 'production' ? { experiments: { externalRuntime: true } } : {}),
        }),
        ...(mode === 'production' ? [new BundlerRuntimeFromShell()] : []),
        new MuiFolderImports(dir),
        new DropWebpackShareRuntime(),
        // portal-remote.json beside mf-manifest.json: the nav entries and the card, so the shell draws them without
        // running this remote's code.
        ...(exposes['./remote']
          ? [new PortalRemoteDescriptorPlugin({ entry: exposes['./remote'], dir, alias: reactAliases(dir) })]
          : []),
        ...(hasStandalone ? [htmlPlugin(dir, { title: `${name} (standalone)`, chunks: ['standalone'] })] : []),
        ...(mode === 'production' ? [...compressionPlugins(), new PortalReleasePlugin({ dir, name })] : []),
      ],
      devServer: {
        port,
        host: '127.0.0.1',
        hot: false,
        liveReload: true,
        historyApiFallback: true,
        headers: {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Methods': 'GET, OPTIONS',
          'Access-Control-Allow-Headers': '*',
        },
        client: { overlay: { errors: true, warnings: false } },
      },
    };
    return mergeConfig(config, typeof extra === 'function' ? extra(env, argv) : extra);
  };
}

/**
 * @param {{ name: string, port: number, dir: string, extra?: object, portalConfig?: object,
 *           apiTarget?: string }} options
 * Remotes are NOT known at build time; the shell registers them at runtime from the registry. The dev server
 * proxies /api to API_PORT (default 3001) and serves the portal config read from the environment.
 */
function createHostConfig({
  name,
  port,
  dir,
  extra,
  portalConfig,
  apiTarget = `http://127.0.0.1:${process.env.API_PORT || 3001}`,
  signIn,
}) {
  if (!name || !dir) throw new Error('createHostConfig needs { name, port, dir }');
  const hostConfig = (env = {}, argv = {}) => {
    const mode = modeOf(argv);
    const base = baseConfig({ name, dir, mode, publicPath: '/' });
    const runtimeConfig = portalConfig ?? portalConfigFromEnv();
    const withSignIn = signIn && mode === 'production';
    const config = {
      ...base,
      output: { ...base.output, clean: withSignIn ? { keep: SIGN_IN_OUTPUT } : true },
      // The shell's bundler runtime is published for the remotes before the shell's own code runs.
      entry: { main: [path.join(__dirname, 'bundler-runtime-for-remotes.js'), './src/index.ts'] },
      optimization: hostMuiChunks(),
      plugins: [
        federationPlugin({
          name,
          remotes: {},
          shared: sharedConfig(dir),
          // target 'web' lets the federation runtime drop its Node.js entry loading (the shell only runs in browsers).
          experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
        }),
        new InjectedRuntimeFromEsm(),
        new MuiFolderImports(dir),
        new DropWebpackShareRuntime(),
        htmlPlugin(dir, {
          title: 'Portal',
          chunks: ['main'],
          templateParameters: { signInScript: withSignIn ? `/${SIGN_IN_FOLDER}/main.js` : '' },
        }),
        ...(mode === 'production' ? compressionPlugins() : []),
      ],
      devServer: {
        port,
        host: '127.0.0.1',
        hot: false,
        liveReload: true,
        historyApiFallback: true,
        proxy: [{ context: ['/api'], target: apiTarget, changeOrigin: false }],
        setupMiddlewares: (middlewares, devServer) => {
          devServer.app.get('/portal-config.json', (_req, res) => {
            res.setHeader('Cache-Control', 'no-store');
            res.json(runtimeConfig);
          });
          return middlewares;
        },
        client: { overlay: { errors: true, warnings: false } },
      },
    };
    return mergeConfig(config, typeof extra === 'function' ? extra(env, argv) : extra);
  };
  if (!signIn) return hostConfig;
  // The production build is two compilations: the host and the sign-in pages' bundle beside it.
  return (env = {}, argv = {}) => {
    const mode = modeOf(argv);
    if (mode !== 'production') return hostConfig(env, argv);
    return [hostConfig(env, argv), signInConfig({ name, dir, entry: signIn, mode })];
  };
}

const SIGN_IN_FOLDER = 'sign-in';
const SIGN_IN_OUTPUT = new RegExp(`^${SIGN_IN_FOLDER}[\\\\/]`);

/**
 * The host's sign-in pages as a bundle of their own, built without module federation (dist/sign-in/): a visitor who
 * is not signed in gets the sign-in form without the federation runtime and with each library tree-shaken to what
 * these pages use (the /login JavaScript budget). Signed in, the page leaves for the federated host with a full page load,
 * so a page never holds both builds. index.html picks the script (its `signInScript` parameter).
 */
function signInConfig({ name, dir, entry, mode }) {
  const base = baseConfig({ name: `${name}_sign_in`, dir, mode, publicPath: `/${SIGN_IN_FOLDER}/` });
  return {
    ...base,
    name: 'sign-in',
    entry: { main: entry },
    output: { ...base.output, path: path.join(dir, 'dist', SIGN_IN_FOLDER) },
    // The entry only asks for the runtime config and starts the page's chunk: webpack's default split gives the
    // libraries a chunk of their own beside it (two downloads instead of 43 with a size limit: 152.8 KB, not 171.2).
    optimization: { splitChunks: { chunks: 'async' } },
    plugins: compressionPlugins(),
  };
}

module.exports = {
  createRemoteConfig,
  createHostConfig,
  SHARED_SINGLETONS,
  sharedConfig,
  portalConfigFromEnv,
  MuiFolderImports,
  InjectedRuntimeFromEsm,
};
