import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { CountrySelect } from './country-select';
import { en, renderAccount } from '../../../testing/render-account';

const name = new RegExp(`^${en.profile_country}`);

function CountryField({ onBlur = () => undefined }: { onBlur?: () => void }) {
  const [value, setValue] = useState('DE');
  return (
    <>
      <CountrySelect value={value} onChange={setValue} onBlur={onBlur} />
      <output aria-label="chosen">{value}</output>
    </>
  );
}

/** Waits until the searchable picker has replaced the stand-in the field starts with. */
async function pickerReplacing(standIn: HTMLElement) {
  await waitFor(() => expect(screen.getByRole('combobox', { name })).not.toBe(standIn));
  return screen.getByRole('combobox', { name });
}

describe('CountrySelect', () => {
  it('shows the selected country as a required combobox before the picker has loaded', () => {
    renderAccount(<CountryField />);
    const field = screen.getByRole('combobox', { name });
    expect(field).toHaveValue('Germany');
    expect(field).toBeRequired();
    expect(field).toHaveAttribute('aria-expanded', 'false');
  });

  it('loads the picker when pointed at, and the chosen country is reported', async () => {
    const { user } = renderAccount(<CountryField />);
    const standIn = screen.getByRole('combobox', { name });
    await user.hover(standIn);
    await user.click(await pickerReplacing(standIn));
    await user.click(await screen.findByRole('option', { name: 'France' }));
    expect(screen.getByRole('combobox', { name })).toHaveValue('France');
    expect(screen.getByLabelText('chosen')).toHaveTextContent('FR');
  });

  it('keeps the focus and the text typed before the picker arrived, with the list open and filtered', async () => {
    renderAccount(<CountryField />);
    const standIn = screen.getByRole('combobox', { name });
    fireEvent.focus(standIn);
    fireEvent.change(standIn, { target: { value: 'aus' } });

    const picker = await pickerReplacing(standIn);
    expect(picker).toHaveFocus();
    expect(picker).toHaveValue('aus');
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Austria']);
  });

  it('drops unchosen text when the visitor leaves before the picker arrived, as the picker does', async () => {
    const onBlur = jest.fn();
    renderAccount(<CountryField onBlur={onBlur} />);
    const standIn = screen.getByRole('combobox', { name });
    fireEvent.focus(standIn);
    fireEvent.change(standIn, { target: { value: 'xyz' } });
    fireEvent.blur(standIn);

    expect(onBlur).toHaveBeenCalled();
    expect(standIn).toHaveValue('Germany');
    const picker = await pickerReplacing(standIn);
    expect(picker).toHaveValue('Germany');
    expect(picker).not.toHaveFocus();
    expect(screen.getByLabelText('chosen')).toHaveTextContent('DE');
  });
});
