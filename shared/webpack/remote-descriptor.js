// A remote's description as data: `portal-remote.json` beside its mf-manifest.json, generated at build time from what
// its exposed './remote' module declares through definePortalRemote. The shell draws the sidebar entries and the
// dashboard card from it without downloading or running the remote's code, and loads that code when the remote's
// page is opened (a remote built without this file still works: the shell then loads its './remote' as before).
//
//   { "schema": 1, "id": "billing",
//     "nav": [{ "path": "/invoices", "label": { "en": "Invoices", "de": "Rechnungen" }, "order": 20,
//               "mainUserOnly": true, "icon": "<svg xmlns=… viewBox=…>…</svg>" }],
//     "card": { "title": { "en", "de" }, "description": { "en", "de" }, "illustration": "assets/card.1a2b3c4d.svg" } }
//
// The module is bundled with esbuild (its lazily loaded pages bundled behind their import(), never run) and
// evaluated in Node; each nav icon is rendered with react-dom/server to its SVG markup; a picture the module imports is named by
// the file webpack emits for it, relative to the JSON.
const fs = require('fs');
const { createRequire } = require('module');
const path = require('path');

const DESCRIPTOR_FILE = 'portal-remote.json';
const DESCRIPTOR_SCHEMA = 1;
const PICTURE = /\.(png|svg|jpe?g|gif|webp)$/i;
const PICTURE_MARK = 'portal-remote-picture:';

/** esbuild plugin: a picture import becomes a marked absolute path (webpack's emitted name replaces it later). */
const picturesAsMarks = {
  name: 'portal-remote-pictures',
  setup(build) {
    build.onLoad({ filter: PICTURE }, (args) => ({
      contents: `export default ${JSON.stringify(PICTURE_MARK + args.path)};`,
      loader: 'js',
    }));
    // A stray stylesheet import is an empty module, as in the webpack build.
    build.onLoad({ filter: /\.css$/i }, () => ({ contents: '', loader: 'js' }));
  },
};

/**
 * Bundles `entryFile` (the remote's './remote' module) for Node and evaluates it. Resolves with the module's default
 * export and a function rendering a component to static markup with the same React the module uses.
 * `alias` maps package names to directories (the preset's react aliases).
 */
async function evaluateRemoteModule(entryFile, { dir, alias = {} }) {
  const esbuild = require('esbuild');
  const contents = [
    `import * as exposed from ${JSON.stringify(entryFile)};`,
    "import { createElement } from 'react';",
    "import { renderToStaticMarkup } from 'react-dom/server';",
    'export const remote = exposed.default;',
    'export const render = (component) => renderToStaticMarkup(createElement(component));',
  ].join('\n');
  const sourcefile = path.join(dir, 'portal-remote-descriptor.js');
  const { outputFiles } = await esbuild.build({
    stdin: { contents, resolveDir: dir, sourcefile, loader: 'js' },
    bundle: true,
    // One CommonJS file: a lazily imported page is bundled (so every import resolves) inside a function that only
    // its import() would call, so none of the remote's pages runs.
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    write: false,
    jsx: 'automatic',
    alias,
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [picturesAsMarks],
    logLevel: 'silent',
  });
  const module = { exports: {} };
  // Node's own require, for the built-ins bundled packages ask for (react-dom/server's 'stream').
  const nodeRequire = createRequire(sourcefile);
  new Function('module', 'exports', 'require', outputFiles[0].text)(module, module.exports, nodeRequire);
  return module.exports;
}

/**
 * The `<svg>` element of a rendered icon, without the class names and test ids of the rendering library, and with
 * the SVG namespace (the shell shows it as an image).
 */
function svgMarkup(rendered) {
  const svg = /<svg[\s>][\s\S]*<\/svg>/.exec(rendered)?.[0];
  if (!svg) throw new Error('a nav icon did not render to an <svg> element');
  const open = /^<svg[^>]*>/.exec(svg)[0];
  const cleaned = open
    .replace(/\s(class|data-testid|focusable|aria-hidden)="[^"]*"/g, '')
    .replace(/^<svg/, open.includes('xmlns=') ? '<svg' : '<svg xmlns="http://www.w3.org/2000/svg"');
  return cleaned + svg.slice(open.length);
}

/**
 * The descriptor of an evaluated remote (definePortalRemote has validated it: every key has a text in both
 * languages). `pictureUrl` turns a picture mark into the URL of the emitted file, relative to the JSON.
 */
function describeRemote(remote, { render, pictureUrl }) {
  if (!remote || typeof remote.id !== 'string' || !remote.translations) {
    throw new Error("the './remote' module's default export is not a portal remote (definePortalRemote)");
  }
  const { en, de } = remote.translations;
  const text = (key) => ({ en: en[key], de: de[key] });
  const descriptor = { schema: DESCRIPTOR_SCHEMA, id: remote.id, nav: [] };
  for (const item of remote.nav ?? []) {
    descriptor.nav.push({
      path: item.path,
      label: text(item.labelKey),
      order: item.order,
      mainUserOnly: Boolean(item.mainUserOnly),
      icon: svgMarkup(render(item.icon)),
    });
  }
  if (remote.card) {
    const { titleKey, descriptionKey, illustration } = remote.card;
    descriptor.card = {
      title: text(titleKey),
      description: text(descriptionKey),
      ...(illustration ? { illustration: pictureUrl(illustration) } : {}),
    };
  }
  return descriptor;
}

/**
 * Webpack plugin of a remote's build: emits portal-remote.json from the exposed module `entry`. A module that cannot
 * be evaluated in Node is a build warning, and the remote ships without the file (the shell loads its code instead).
 */
class PortalRemoteDescriptorPlugin {
  /** @param {{ entry: string, dir: string, alias?: Record<string, string> }} options */
  constructor({ entry, dir, alias }) {
    this.entry = path.resolve(dir, entry);
    this.dir = dir;
    this.alias = alias ?? {};
  }

  apply(compiler) {
    const { Compilation, WebpackError, sources } = compiler.webpack;
    const name = 'PortalRemoteDescriptorPlugin';
    compiler.hooks.thisCompilation.tap(name, (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          try {
            const { remote, render } = await evaluateRemoteModule(this.entry, { dir: this.dir, alias: this.alias });
            const pictureUrl = (value) => emittedPicture(compilation, value, sources);
            const descriptor = describeRemote(remote, { render, pictureUrl });
            compilation.emitAsset(DESCRIPTOR_FILE, new sources.RawSource(`${JSON.stringify(descriptor)}\n`));
          } catch (error) {
            const warning = new WebpackError(
              `${DESCRIPTOR_FILE} not written (the shell will load this remote's './remote' to learn its nav and ` +
                `card): ${error instanceof Error ? error.message : String(error)}`,
            );
            warning.name = 'PortalRemoteDescriptorWarning';
            compilation.warnings.push(warning);
          }
        },
      );
    });
  }
}

/** The output path of the picture webpack emitted for a marked import (emitted here when webpack did not). */
function emittedPicture(compilation, value, sources) {
  if (typeof value !== 'string' || !value.startsWith(PICTURE_MARK)) return value;
  const file = value.slice(PICTURE_MARK.length);
  for (const module of compilation.modules) {
    if (module.resource === file && module.buildInfo?.filename) return module.buildInfo.filename;
  }
  const content = fs.readFileSync(file);
  const hash = require('crypto').createHash('sha256').update(content).digest('hex').slice(0, 8);
  const ext = path.extname(file);
  const emitted = `assets/${path.basename(file, ext)}.${hash}${ext}`;
  if (!compilation.getAsset(emitted)) compilation.emitAsset(emitted, new sources.RawSource(content));
  return emitted;
}

module.exports = {
  PortalRemoteDescriptorPlugin,
  DESCRIPTOR_FILE,
  describeRemote,
  emittedPicture,
  evaluateRemoteModule,
  svgMarkup,
};
