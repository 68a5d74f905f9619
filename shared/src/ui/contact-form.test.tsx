import { screen, waitFor } from '@testing-library/react';
import { ApiError } from '../services/api-error';
import { renderWithPortal } from '../testing';
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
    expect(screen.getByText('Please enter your name.')).toBeInTheDocument();
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

  it('keeps the input and shows an error notification on failure', async () => {
    const { user, notify } = renderWithPortal(<ContactForm />, {
      http: { 'POST /user/contact-us': new ApiError(500, '', 'Internal Server Error') },
    });
    const f = fields();
    await user.type(f.name, 'Max');
    await user.type(f.message, 'Hi');
    await user.click(f.consent);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(notify.last('error')).toMatchObject({ title: 'Error', message: 'Internal Server Error' }),
    );
    expect(fields().name).toHaveValue('Max');
    expect(fields().message).toHaveValue('Hi');
    expect(fields().consent).toBeChecked();
    expect(notify.last('success')).toBeUndefined();
  });

  it('is German by default language setting', () => {
    renderWithPortal(<ContactForm privacyUrl="https://example.com/privacy" />, { language: 'de' });
    expect(screen.getByRole('heading', { name: 'Brauchen Sie Hilfe?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Senden' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute('target', '_blank');
  });
});
