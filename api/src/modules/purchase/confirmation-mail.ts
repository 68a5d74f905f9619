// The purchase confirmation mail (post-payment step SendEmail), in the buyer's language.
import { formatDateUtc, formatMoney, type Language } from '@portal/shared/domain';

export interface ConfirmationFacts {
  name: string;
  productName: string;
  invoiceNumber: string;
  grossCents: number;
  currency: string;
  licenseKey: string;
  /** null → no expiry (permanent). */
  expiresAt: Date | null;
  subscription: boolean;
}

export function purchaseConfirmation(lang: Language, f: ConfirmationFacts): { subject: string; text: string } {
  const amount = formatMoney(f.grossCents, f.currency);
  if (lang === 'en') {
    const validity = f.expiresAt
      ? `${f.subscription ? 'Renews on' : 'Valid until'} ${formatDateUtc(f.expiresAt)}`
      : 'Valid without time limit';
    return {
      subject: `Thank you for your purchase – invoice ${f.invoiceNumber}`,
      text:
        `Hello ${f.name},\n\nwe have received your payment of ${amount} for ${f.productName}.\n\n` +
        `License key: ${f.licenseKey}\n${validity}\n\n` +
        `Your invoice ${f.invoiceNumber} is available under Invoices in the customer portal.\n\n` +
        `Kind regards\nYour portal team\n`,
    };
  }
  const validity = f.expiresAt
    ? `${f.subscription ? 'Verlängert sich am' : 'Gültig bis'} ${formatDateUtc(f.expiresAt)}`
    : 'Unbefristet gültig';
  return {
    subject: `Vielen Dank für Ihren Kauf – Rechnung ${f.invoiceNumber}`,
    text:
      `Hallo ${f.name},\n\nwir haben Ihre Zahlung über ${amount} für ${f.productName} erhalten.\n\n` +
      `Lizenzschlüssel: ${f.licenseKey}\n${validity}\n\n` +
      `Ihre Rechnung ${f.invoiceNumber} finden Sie im Kundenportal unter Rechnungen.\n\n` +
      `Mit freundlichen Grüßen\nIhr Portal-Team\n`,
  };
}
