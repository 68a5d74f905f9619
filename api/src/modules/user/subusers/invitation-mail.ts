import { isSafePersonName } from '@portal/shared/domain';

/**
 * Mail to a new sub-user with the link to choose a password. A plain-text mail: the name (checked by the shared
 * sub-user schema: one line, no link-like text) is quoted only in the greeting, and left out when a stored name
 * does not pass that check; the subject is fixed.
 */
export function subUserInvitation(
  lang: 'de' | 'en',
  { name: rawName, parentEmail, link }: { name: string; parentEmail: string; link: string },
): { subject: string; text: string } {
  const name = isSafePersonName(rawName.trim()) ? rawName.trim() : '';
  if (lang === 'en') {
    return {
      subject: 'Your access to the customer portal',
      text: `Hello${name ? ` ${name}` : ''},\n\n${parentEmail} has created an account for you in the customer portal.\nChoose your password here:\n\n${link}\n\nThen sign in with this email address.\n`,
    };
  }
  return {
    subject: 'Ihr Zugang zum Kundenportal',
    text: `Hallo${name ? ` ${name}` : ''},\n\n${parentEmail} hat für Sie ein Konto im Kundenportal angelegt.\nLegen Sie hier Ihr Passwort fest:\n\n${link}\n\nMelden Sie sich danach mit dieser E-Mail-Adresse an.\n`,
  };
}
