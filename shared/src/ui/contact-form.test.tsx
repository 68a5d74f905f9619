import { screen, waitFor } from '@testing-library/react';
import { ApiError } from '../services/api-error';
import { demoLinks, renderWithPortal } from '../testing';
import { ContactForm } from './contact-form';

function fields() {
  return {
    name: screen.getByRole('textbox', { name: /^Name/ }),
    phone: screen.getByRole('textbox', { name: /^Phone/ }),
    email: screen.getByRole('textbox', { name: /^Email/ }),
    message: screen.getByRole('textbox', { name: /^Your question/ }),
    consent: screen.getByRole('checkbox', { name: /privacy policy/ }),
  };
}

describe('ContactForm', () => {
  it('links the privacy policy of the portal config in a new tab', () => {
    renderWithPortal(<ContactForm />, {
      services: { links: { ...demoLinks(), privacy: 'https://shop.example/datenschutz' } },
    });
    const link = screen.getByRole('link', { name: 'Privacy policy' });
    expect(link).toHaveAttribute('href', 'https://shop.example/datenschutz');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('prefills phone +49 and the session email', () => {
    renderWithPortal(<ContactForm />);
    expect(screen.getByRole('heading', { level: 2, name: 'Need help?' })).toBeInTheDocument();
    expect(fields().phone).toHaveValue('+49');
    expect(fields().email).toHaveValue('demo@portal.test');
  });

  it('formats the phone live', async () => {
    const { user } = renderWithPortal(<ContactForm />);
    await user.type(fields().phone, '170a1234567');
    expect(fields().phone).toHaveValue('+49 170 123 456 7');
  });

  it('shows required errors and shakes the unticked consent box for 500 ms', async () => {
    const { user, http, container } = renderWithPortal(<ContactForm />);
    await user.clear(fields().email);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please enter your name.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your phone number.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your email address.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your message.')).toBeInTheDocument();
    expect(screen.getByText('Please accept the privacy policy.')).toBeInTheDocument();
    expect(container.querySelector('[data-shaking="true"]')).not.toBeNull();
    await waitFor(() => expect(container.querySelector('[data-shaking="true"]')).toBeNull(), { timeout: 1500 });
    expect(http.calls).toHaveLength(0);
  });

  it('validates the email on blur and clears an error on edit', async () => {
    const { user } = renderWithPortal(<ContactForm />);
    await user.clear(fields().email);
    await user.type(fields().email, 'max@firm');
    await user.tab();
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    await user.type(fields().email, '.de');
    expect(screen.queryByText('Please enter a valid email address.')).not.toBeInTheDocument();
  });

  it('posts digits-only phone, shows the sending label, notifies success and resets', async () => {
    let release!: (v: unknown) => void;
    const { user, http, notify } = renderWithPortal(<ContactForm />, {
      http: { 'POST /user/contact-us': () => new Promise((r) => (release = r)) },
    });
    const f = fields();
    await user.type(f.name, ' Max M ');
    await user.type(f.phone, '1701234');
    await user.type(f.message, 'Help?');
    await user.click(f.consent);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    expect(http.callsTo('POST /user/contact-us')[0].body).toEqual({
      name: 'Max M',
      phone: '491701234',
      email: 'demo@portal.test',
      message: 'Help?',
    });
    release({ ok: true });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled());
    expect(notify.last()).toEqual({
      type: 'success',
      title: 'Success',
      message: 'Thank you! Your message has been sent. We will get back to you soon.',
      autoHideMs: 5000,
    });
    expect(fields().name).toHaveValue('');
    expect(fields().phone).toHaveValue('+49');
    expect(fields().message).toHaveValue('');
    expect(fields().consent).not.toBeChecked();
  });

  it('does not count the prefilled +49 alone as a phone number', async () => {
    const { user, http } = renderWithPortal(<ContactForm />, { language: 'de' });
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Max');
    await user.type(screen.getByRole('textbox', { name: /^Ihre Frage/ }), 'Hilfe?');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    expect(await screen.findByText('Bitte geben Sie Ihre Telefonnummer ein.')).toBeInTheDocument();
    expect(http.calls).toHaveLength(0);
  });

  it('keeps the input and explains a failure in the user language, never with the server text', async () => {
    const { user, notify, i18n } = renderWithPortal(<ContactForm />, {
      http: { 'POST /user/contact-us': new ApiError(500, '', 'Internal Server Error', undefined, 'contact-5') },
    });
    const f = fields();
    await user.type(f.name, 'Max');
    await user.type(f.phone, '1701234');
    await user.type(f.message, 'Hi');
    await user.click(f.consent);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(notify.last('error')?.title).toBe('Error'));
    expect(notify.last('error')?.message).toBe(`${i18n.t('http_error_500', { ns: 'common' })} Support code: contact-5`);
    expect(notify.last('error')?.message).not.toMatch(/Internal Server Error|http_error/);
    expect(fields().name).toHaveValue('Max');
    expect(fields().message).toHaveValue('Hi');
    expect(fields().consent).toBeChecked();
    expect(notify.last('success')).toBeUndefined();
  });

  it('marks the field the api rejected', async () => {
    const rejected = Object.assign(new ApiError(400, 'validation-error', 'body/email must match format'), {
      fields: { email: 'email_invalid' },
    });
    const { user, notify } = renderWithPortal(<ContactForm />, { http: { 'POST /user/contact-us': rejected } });
    const f = fields();
    await user.type(f.name, 'Max');
    await user.type(f.phone, '1701234');
    await user.type(f.message, 'Hi');
    await user.click(f.consent);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(fields().email).toHaveAttribute('aria-invalid', 'true');
    expect(notify.last('error')?.message).not.toMatch(/must match/);
  });

  it('is German by default language setting', () => {
    renderWithPortal(<ContactForm privacyUrl="https://example.com/privacy" />, { language: 'de' });
    expect(screen.getByRole('heading', { name: 'Brauchen Sie Hilfe?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Senden' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute('target', '_blank');
  });
});
