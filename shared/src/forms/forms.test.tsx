import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { screen, waitFor } from '@testing-library/react';
import { z } from 'zod';
import { formatPhone } from '../domain/phone';
import { ApiError } from '../services/api-error';
import { renderWithPortal } from '../testing';
import { PasswordField } from '../ui/password-field';
import { applyApiFieldErrors, usePortalForm } from '.';

const schema = z.object({
  email: z.string().trim().min(1, 'validation_email_required').email('validation_email_invalid'),
  postalCode: z.string().trim().min(1, 'validation_postalCode_required'),
  company: z.string().default(''),
  phone: z.string().default(''),
  password: z.string().min(6, 'validation_password_short'),
});

function Harness({
  onValid,
  serverError,
}: {
  onValid: (values: z.output<typeof schema>) => void;
  serverError?: unknown;
}) {
  const form = usePortalForm(schema, { email: '', postalCode: '', company: '', phone: '', password: '' });
  const submit = form.handleSubmit((values) => {
    if (serverError && !applyApiFieldErrors(serverError, form.setError)) throw new Error('not a field error');
    onValid(values);
  });
  return (
    <form noValidate onSubmit={submit}>
      <TextField label="Email" {...form.fieldProps('email')} />
      <TextField label="Postal code" {...form.fieldProps('postalCode')} />
      <TextField label="Company" {...form.fieldProps('company', { hint: 'Optional' })} />
      <TextField label="Phone" {...form.fieldProps('phone', { format: formatPhone })} />
      <PasswordField
        label="Password"
        toggleLabels={{ show: 'Show password', hide: 'Hide password' }}
        {...form.fieldProps('password')}
      />
      <Button type="submit">Save</Button>
    </form>
  );
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });

describe('usePortalForm', () => {
  it('marks fields required from the schema and shows hints', () => {
    renderWithPortal(<Harness onValid={jest.fn()} />);
    expect(field(/^Email/)).toBeRequired();
    expect(field(/^Postal code/)).toBeRequired();
    expect(field(/^Company/)).not.toBeRequired();
    expect(screen.getByText('Optional')).toBeInTheDocument();
  });

  it('validates on blur, re-checks on every edit once an error shows, and translates the message', async () => {
    const { user } = renderWithPortal(<Harness onValid={jest.fn()} />, { language: 'de' });
    await user.type(field(/^Email/), 'max@firm');
    expect(screen.queryByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText(/gültige E-Mail-Adresse/)).toBeInTheDocument();
    expect(field(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    await user.type(field(/^Email/), '.de');
    await waitFor(() => expect(screen.queryByText(/gültige E-Mail-Adresse/)).not.toBeInTheDocument());
  });

  it('checks every field on submit and does not submit invalid values', async () => {
    const onValid = jest.fn();
    const { user } = renderWithPortal(<Harness onValid={onValid} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter your email address.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your postal code.')).toBeInTheDocument();
    expect(screen.getByText('The password must be at least 6 characters long.')).toBeInTheDocument();
    expect(onValid).not.toHaveBeenCalled();
  });

  it('formats while typing and submits the parsed values, the password through the forwarded ref', async () => {
    const onValid = jest.fn();
    const { user } = renderWithPortal(<Harness onValid={onValid} />);
    await user.type(field(/^Email/), ' max@firm.de ');
    await user.type(field(/^Postal code/), '12345');
    await user.type(field(/^Phone/), '+49170a1234');
    expect(field(/^Phone/)).toHaveValue('+49 170 123 4');
    await user.type(screen.getByLabelText(/^Password/), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onValid).toHaveBeenCalledWith({
        email: 'max@firm.de',
        postalCode: '12345',
        company: '',
        phone: '+49 170 123 4',
        password: 'secret1',
      }),
    );
  });
});

describe('applyApiFieldErrors', () => {
  async function fillAndSubmit(serverError: unknown) {
    const { user } = renderWithPortal(<Harness onValid={jest.fn()} serverError={serverError} />);
    await user.type(field(/^Email/), 'max@firm.de');
    await user.type(field(/^Postal code/), '1');
    await user.type(screen.getByLabelText(/^Password/), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    return user;
  }

  it('puts the api field errors on the fields, translated, and they clear on edit', async () => {
    const error = Object.assign(new ApiError(400, 'validation-failed', 'postalCode: invalid'), {
      fields: { postalCode: 'validation_postalCode_required' },
    });
    const user = await fillAndSubmit(error);
    expect(await screen.findByText('Please enter your postal code.')).toBeInTheDocument();
    expect(field(/^Postal code/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('postalCode: invalid')).not.toBeInTheDocument();
    await user.type(field(/^Postal code/), '2345');
    await waitFor(() => expect(screen.queryByText('Please enter your postal code.')).not.toBeInTheDocument());
  });

  it('returns false when the error names no field', () => {
    const setError = jest.fn();
    expect(applyApiFieldErrors(new ApiError(500, 'internal', 'boom'), setError)).toBe(false);
    expect(applyApiFieldErrors({ fields: { email: 42 } }, setError)).toBe(false);
    expect(applyApiFieldErrors(undefined, setError)).toBe(false);
    expect(setError).not.toHaveBeenCalled();
    expect(applyApiFieldErrors({ fields: { email: 'validation_email_invalid' } }, setError)).toBe(true);
    expect(setError).toHaveBeenCalledWith(
      'email',
      { type: 'server', message: 'validation_email_invalid' },
      {
        shouldFocus: true,
      },
    );
  });
});
