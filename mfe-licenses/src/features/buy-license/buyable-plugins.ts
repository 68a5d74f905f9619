/** Plugins with their own buy page (spec §2 query parameters); any other ?plugin= value gets the default page. */
export const BUYABLE_PLUGINS = ['fresh_desk', 'magic_matrix', 'gpsr', 'mobile'] as const;
export type BuyablePlugin = (typeof BUYABLE_PLUGINS)[number];

export function buyablePlugin(value: string | null): BuyablePlugin | null {
  return BUYABLE_PLUGINS.find((plugin) => plugin === value) ?? null;
}
