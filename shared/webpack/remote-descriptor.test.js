/** @jest-environment node */
const fs = require('fs');
const path = require('path');
const webpack = require('webpack');
const {
  describeRemote,
  emittedPicture,
  evaluateRemoteModule,
  PortalRemoteDescriptorPlugin,
  svgMarkup,
} = require('./remote-descriptor');
const { createRemoteConfig } = require('./preset');

// A remote inside this package, so its imports resolve as a real remote's do.
let dir;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(__dirname, '.descriptor-fixture-'));
  const write = (file, text) => fs.writeFileSync(path.join(dir, file), text);
  write('card.svg', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 9"></svg>');
  // A page that must never run at build time.
  write('page.tsx', "throw new Error('the page ran');\nexport function Page() { return null; }\n");
  write(
    'remote.tsx',
    `import Receipt from '@mui/icons-material/Receipt';
import { definePortalRemote, lazyPage } from '@portal/shared';
import illustration from './card.svg';
const Page = lazyPage(() => import('./page'), (m) => m.Page);
export default definePortalRemote({
  id: 'orders',
  routes: [{ path: '/orders', element: <Page /> }],
  nav: [{ path: '/orders', labelKey: 'nav', icon: Receipt, order: 25, mainUserOnly: true }],
  card: { titleKey: 'title', descriptionKey: 'text', illustration },
  translations: {
    en: { nav: 'Orders', title: 'Open orders', text: 'Every order.' },
    de: { nav: 'Bestellungen', title: 'Offene Bestellungen', text: 'Jede Bestellung.' },
  },
});
`,
  );
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('a remote described at build time', () => {
  it("evaluates the './remote' module without running its lazy pages and describes nav and card", async () => {
    const { remote, render } = await evaluateRemoteModule(path.join(dir, 'remote.tsx'), { dir });
    const pictures = [];
    const descriptor = describeRemote(remote, {
      render,
      pictureUrl: (value) => {
        pictures.push(value);
        return 'assets/card.12345678.svg';
      },
    });
    expect(pictures).toEqual([`portal-remote-picture:${path.join(dir, 'card.svg')}`]);
    expect(descriptor).toEqual({
      schema: 1,
      id: 'orders',
      nav: [
        {
          path: '/orders',
          label: { en: 'Orders', de: 'Bestellungen' },
          order: 25,
          mainUserOnly: true,
          icon: expect.stringMatching(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 24 24"><path d="M/),
        },
      ],
      card: {
        title: { en: 'Open orders', de: 'Offene Bestellungen' },
        description: { en: 'Every order.', de: 'Jede Bestellung.' },
        illustration: 'assets/card.12345678.svg',
      },
    });
    expect(descriptor.nav[0].icon).not.toMatch(/class=|style|data-testid/);
  });

  it("fails with definePortalRemote's message when the declaration is invalid", async () => {
    fs.writeFileSync(
      path.join(dir, 'broken.tsx'),
      "import { definePortalRemote } from '@portal/shared';\n" +
        "export default definePortalRemote({ id: 'x', routes: [], card: { titleKey: 't', descriptionKey: 'd' }, translations: { en: {}, de: {} } });\n",
    );
    await expect(evaluateRemoteModule(path.join(dir, 'broken.tsx'), { dir })).rejects.toThrow(/card title/);
  });

  it('keeps only the <svg> element of a rendered icon, with its namespace and without class names', () => {
    expect(
      svgMarkup(
        '<style data-emotion="css x">.x{}</style><svg class="MuiSvgIcon-root" focusable="false" aria-hidden="true" viewBox="0 0 24 24" data-testid="XIcon"><path d="M0 0h24"></path></svg>',
      ),
    ).toBe('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M0 0h24"></path></svg>');
    expect(() => svgMarkup('<span></span>')).toThrow(/<svg>/);
  });

  it('names a picture by the file webpack emitted for it, else emits it under assets/ with a content hash', () => {
    const file = path.join(dir, 'card.svg');
    const emitted = new Map();
    const compilation = (modules) => ({
      modules,
      getAsset: (name) => emitted.get(name),
      emitAsset: (name, source) => emitted.set(name, source),
    });
    const sources = webpack.sources;
    const mark = `portal-remote-picture:${file}`;
    expect(
      emittedPicture(
        compilation([{ resource: file, buildInfo: { filename: 'assets/card.abcdef12.svg' } }]),
        mark,
        sources,
      ),
    ).toBe('assets/card.abcdef12.svg');
    expect(emittedPicture(compilation([]), mark, sources)).toMatch(/^assets\/card\.[0-9a-f]{8}\.svg$/);
    expect(emitted.size).toBe(1);
    expect(emittedPicture(compilation([]), 'https://cdn.test/x.png', sources)).toBe('https://cdn.test/x.png');
  });

  it("is part of every remote's build that exposes './remote'", () => {
    const config = createRemoteConfig({ name: 'mfe_orders', exposes: { './remote': './remote.tsx' }, dir })(
      {},
      { mode: 'production' },
    );
    const plugin = config.plugins.find((p) => p instanceof PortalRemoteDescriptorPlugin);
    expect(plugin).toBeDefined();
    expect(plugin.entry).toBe(path.join(dir, 'remote.tsx'));
  });
});
