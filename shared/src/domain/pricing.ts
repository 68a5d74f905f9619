// What a purchase costs: one rule for the buy card, the purchase dialog, the api's POST /invoice and the
// invoice document. Amounts are net minor units (cents) from the catalogue; the client never sets one. The shapes of
// the quote and the selection are schemas in purchase.ts: the buy sections compute prices without loading zod.
import { DEFAULT_CURRENCY } from './constants';
import type { PurchaseQuote, PurchaseSelection, QuoteRow, QuoteRowKind } from './purchase';
import { vatAmount, vatTreatment, type TaxBuyer } from './tax';
import type { Product } from './types';

type PricedProduct = Pick<Product, 'name' | 'priceNetto' | 'licenseTypeDetails'>;

/** Prices of the extras of a product per its billing period (yearly plans: per year), null when not sold. */
export function extraPrices(product: PricedProduct): { extraUserCents: number | null; emailBlockCents: number | null } {
  const options = product.licenseTypeDetails[0]?.extraOptions ?? {};
  const paid = product.priceNetto.amount > 0;
  return {
    extraUserCents: paid && options.extra_user_price_cents ? options.extra_user_price_cents : null,
    emailBlockCents: paid && options.email_block_price_cents ? options.email_block_price_cents : null,
  };
}

export class QuoteError extends Error {
  constructor(
    readonly slug: 'extra-not-available',
    readonly field: keyof PurchaseSelection,
  ) {
    super(`${field} is not available for this product`);
  }
}

/**
 * Rows, net, VAT and gross of buying `product` with the chosen extras for `buyer`, taxed by the one tax decision
 * (tax.ts). Throws QuoteError when an
 * extra is chosen that the product does not sell (free and trial products sell none).
 */
export function quotePurchase(
  product: PricedProduct,
  selection: Partial<PurchaseSelection>,
  buyer: TaxBuyer,
): PurchaseQuote {
  const { extra_users_count: users = 0, extra_email_blocks: blocks = 0 } = selection;
  const prices = extraPrices(product);
  const rows: QuoteRow[] = [
    {
      kind: 'base',
      description: product.name,
      quantity: 1,
      unitPriceCents: product.priceNetto.amount,
      amountCents: product.priceNetto.amount,
    },
  ];
  const extra = (kind: QuoteRowKind, field: keyof PurchaseSelection, count: number, unit: number | null) => {
    if (count <= 0) return;
    if (unit == null) throw new QuoteError('extra-not-available', field);
    rows.push({ kind, description: kind, quantity: count, unitPriceCents: unit, amountCents: count * unit });
  };
  extra('extra_users', 'extra_users_count', users, prices.extraUserCents);
  extra('extra_email_blocks', 'extra_email_blocks', blocks, prices.emailBlockCents);

  const netCents = rows.reduce((sum, row) => sum + row.amountCents, 0);
  const vat = vatTreatment(buyer);
  const vatCents = vatAmount(netCents, vat.ratePercent);
  return {
    currency: product.priceNetto.currency || DEFAULT_CURRENCY,
    rows,
    netCents,
    vat,
    vatCents,
    grossCents: netCents + vatCents,
  };
}
