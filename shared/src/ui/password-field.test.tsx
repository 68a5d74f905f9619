import { screen } from '@testing-library/react';
import { createRef } from 'react';
import { renderWithPortal } from '../testing';
import { PasswordField } from './password-field';

describe('PasswordField', () => {
  it('hides the password until the toggle is pressed, with the accessible name of the current action', async () => {
    const { user } = renderWithPortal(
      <PasswordField label="Passwort" toggleLabels={{ show: 'Passwort anzeigen', hide: 'Passwort verbergen' }} />,
      { language: 'de' },
    );
    const input = screen.getByLabelText(/^Passwort/, { selector: 'input' });
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Passwort anzeigen' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Passwort verbergen' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Passwort verbergen' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('forwards its ref to the input', () => {
    const ref = createRef<HTMLInputElement>();
    renderWithPortal(<PasswordField ref={ref} label="Password" toggleLabels={{ show: 'Show', hide: 'Hide' }} />);
    expect(ref.current).toBe(screen.getByLabelText(/^Password/, { selector: 'input' }));
  });
});
