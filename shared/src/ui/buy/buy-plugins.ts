// Which buy page a plugin gets: /licenses/buy?plugin=… and the plugins' feature pages.

/**
 * Plugins with their own buy page, in the order the default page lists them; any other ?plugin= value gets the
 * default page. Which of them a seller may buy is the api's to say (the catalogue lists only those).
 */
export const BUY_PLUGINS = ['fresh_desk', 'mobile', 'gpsr', 'lieferbar', 'magic_matrix'] as const;
export type BuyPlugin = (typeof BUY_PLUGINS)[number];
/** The page for a plugin, or 'default'. */
export type BuyPage = BuyPlugin | 'default';

export function buyPluginOf(value: string | null | undefined): BuyPlugin | null {
  return BUY_PLUGINS.find((plugin) => plugin === value) ?? null;
}

export type WorkExampleKind = 'walkthrough' | 'placeholder' | 'two_images' | 'one_image' | 'none';
export type GetNowKind = 'stores' | 'install' | 'none';

export interface BuyPageLayout {
  /** How-it-works steps (three; four for mobile, which also has the store toggle). */
  howSteps: number;
  storeToggle: boolean;
  /** License cards of the plugin's catalogue; the default page lists the plugins instead. */
  cards: boolean;
  /** Eight FAQ entries, fresh_desk only. */
  faq: boolean;
  workExample: WorkExampleKind;
  getNow: GetNowKind;
}

export const FAQ_COUNT = 8;
export const WHY_COUNT = 3;

export const BUY_PAGE_LAYOUT: Readonly<Record<BuyPage, BuyPageLayout>> = {
  fresh_desk: {
    howSteps: 3,
    storeToggle: false,
    cards: true,
    faq: true,
    workExample: 'walkthrough',
    getNow: 'install',
  },
  magic_matrix: {
    howSteps: 3,
    storeToggle: false,
    cards: true,
    faq: false,
    workExample: 'placeholder',
    getNow: 'none',
  },
  gpsr: { howSteps: 3, storeToggle: false, cards: true, faq: false, workExample: 'two_images', getNow: 'none' },
  mobile: { howSteps: 4, storeToggle: true, cards: true, faq: false, workExample: 'one_image', getNow: 'stores' },
  lieferbar: { howSteps: 3, storeToggle: false, cards: true, faq: false, workExample: 'none', getNow: 'none' },
  default: { howSteps: 3, storeToggle: false, cards: false, faq: false, workExample: 'none', getNow: 'none' },
};

/** id of the get-now section, the target of the mobile_default card. */
export const GET_NOW_SECTION_ID = 'buy-get-now';
