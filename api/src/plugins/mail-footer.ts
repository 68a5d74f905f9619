// Every mail ends with the company that sends it: business letters, mails included, name the company, its address,
// register and managing director (§37a HGB, §35a GmbHG), and the footer says where to get help and read the imprint
// and privacy policy. Labels in both languages: a message does not carry its language.
import type { OperatingCompany } from '@portal/shared/operating-company';

const joined = (parts: (string | false)[]) => parts.filter(Boolean).join(' · ');

/** The footer lines, values left out where the configuration has none (never in production). */
export function mailFooterLines(company: OperatingCompany): string[] {
  const { seller, links } = company;
  return [
    joined([seller.name, seller.street, `${seller.postalCode} ${seller.city}`.trim()]),
    joined([
      seller.register,
      !!seller.managingDirector && `Geschäftsführer / Managing director: ${seller.managingDirector}`,
    ]),
    joined([!!company.supportEmail && `Support: ${company.supportEmail}`]),
    joined([!!links.imprint && `Impressum / Imprint: ${links.imprint}`]),
    joined([!!links.privacy && `Datenschutz / Privacy: ${links.privacy}`]),
  ].filter(Boolean);
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The message with the footer appended to its text (after the standard "-- " signature separator) and html. */
export function withFooter<T extends { text: string; html?: string }>(message: T, company: OperatingCompany): T {
  const lines = mailFooterLines(company);
  if (!lines.length) return message;
  const text = `${message.text.replace(/\n*$/, '\n')}\n-- \n${lines.join('\n')}\n`;
  const html =
    message.html === undefined
      ? undefined
      : `${message.html}<hr><p style="font-size:12px;color:#555">${lines.map(escapeHtml).join('<br>')}</p>`;
  return { ...message, text, ...(html === undefined ? {} : { html }) };
}
