// Writes /login's first paint into index.html: shell/src/static-login-page.tsx, built for Node with the page's own
// loaders and aliases, draws the sign-in page with the real components, theme and texts; its head (head script and
// styles), body (the drawings) and page script replace the markers of public/index.html
// (<!-- static-login-page:head -->, <!-- static-login-page:body --> and /* static-login-page:script */).
const path = require('path');

const NAME = 'StaticLoginPage';
const MARKERS = {
  head: '<!-- static-login-page:head -->',
  body: '<!-- static-login-page:body -->',
  script: '/* static-login-page:script */',
};

class StaticLoginPage {
  /** @param {{ dir: string, entry?: string }} options `dir`: the shell's folder. */
  constructor({ dir, entry = './src/static-login-page.tsx' }) {
    this.dir = dir;
    this.entry = entry;
    this.outputDir = path.join(dir, 'node_modules', '.cache', 'static-login-page');
    /** @type {Promise<{ head: string, body: string, script: string }> | null} */
    this.page = null;
  }

  apply(compiler) {
    // The html plugin of this build (its hooks are per module instance of html-webpack-plugin).
    const html = compiler.options.plugins.find((plugin) => plugin?.constructor?.name === 'HtmlWebpackPlugin');
    if (!html) throw new Error(`${NAME} needs the build's HtmlWebpackPlugin`);
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      html.constructor.getHooks(compilation).afterTemplateExecution.tapPromise(NAME, async (data) => {
        // Drawn once per webpack process (the dev server keeps the first drawing until it restarts).
        this.page ??= this.draw(compiler);
        const page = await this.page;
        for (const [part, marker] of Object.entries(MARKERS)) {
          if (!data.html.includes(marker)) throw new Error(`${NAME}: index.html has no ${marker}`);
          data.html = data.html.replace(marker, () => page[part]);
        }
        return data;
      });
    });
  }

  /** Builds the drawing module for Node (as the page's build resolves and compiles it) and runs it. */
  async draw(compiler) {
    const { webpack } = compiler;
    const { resolve, module, output, mode } = compiler.options;
    const config = {
      name: 'static-login-page',
      // The page's mode: React, MUI and emotion as the page runs them (emotion's class names are the page's).
      mode,
      target: 'node',
      context: this.dir,
      entry: this.entry,
      output: {
        path: this.outputDir,
        filename: 'draw.js',
        library: { type: 'commonjs2' },
        clean: true,
        // An asset a component draws has the page's address.
        publicPath: output.publicPath,
        assetModuleFilename: output.assetModuleFilename,
      },
      resolve: { extensions: resolve.extensions, alias: resolve.alias },
      module: { rules: module.rules },
      optimization: { minimize: false },
      // One file: the texts' dynamic imports included.
      plugins: [new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
      devtool: false,
      performance: { hints: false },
      infrastructureLogging: { level: 'error' },
    };
    const stats = await new Promise((done, fail) => {
      const drawing = webpack(config);
      drawing.run((error, result) => drawing.close(() => (error ? fail(error) : done(result))));
    });
    if (stats.hasErrors()) throw new Error(`${NAME}: ${stats.toString({ all: false, errors: true })}`);
    const file = path.join(this.outputDir, 'draw.js');
    delete require.cache[file];
    return require(file).renderStaticLoginPage();
  }
}

module.exports = { StaticLoginPage };
