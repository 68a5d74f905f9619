/** Mail to a new sub-user with the link to choose a password. */
export function subUserInvitation(
  lang: 'de' | 'en',
  { name, parentEmail, link }: { name: string; parentEmail: string; link: string },
): { subject: string; text: string } {
  if (lang === 'en') {
    return {
      subject: 'Your access to the customer portal',
      text: `Hello ${name},\n\n${parentEmail} has created an account for you in the customer portal.\nChoose your password here:\n\n${link}\n\nThen sign in with this email address.\n`,
    };
  }
  return {
    subject: 'Ihr Zugang zum Kundenportal',
    text: `Hallo ${name},\n\n${parentEmail} hat für Sie ein Konto im Kundenportal angelegt.\nLegen Sie hier Ihr Passwort fest:\n\n${link}\n\nMelden Sie sich danach mit dieser E-Mail-Adresse an.\n`,
  };
}
