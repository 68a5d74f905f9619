import { fireEvent, screen } from '@testing-library/react';
import { renderWithPortal } from '../testing';
import { FormTextField } from './form-text-field';

describe('FormTextField', () => {
  it('names the input by its label, marks it required and describes it by its helper text', () => {
    renderWithPortal(<FormTextField id="city" label="City" required error helperText="Please enter the city" />);
    const input = screen.getByRole('textbox', { name: /^City/ });
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Please enter the city');
  });

  it('shows its adornments and reports pointer and mouse on the field, focus and keys on the input', () => {
    const onPointerEnter = jest.fn();
    const onMouseDown = jest.fn();
    const onFocus = jest.fn();
    const onKeyDown = jest.fn();
    renderWithPortal(
      <FormTextField
        label="Country"
        startAdornment={<span data-testid="flag" />}
        endAdornment={<span data-testid="arrow" />}
        onPointerEnter={onPointerEnter}
        onMouseDown={onMouseDown}
        onFocus={onFocus}
        onKeyDown={onKeyDown}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Country' });
    const flag = screen.getByTestId('flag');
    expect(flag.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByTestId('arrow').compareDocumentPosition(input) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();

    fireEvent.pointerEnter(flag.parentElement!);
    fireEvent.mouseDown(flag);
    fireEvent.focus(input);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(onPointerEnter).toHaveBeenCalledTimes(1);
    expect(onMouseDown).toHaveBeenCalledTimes(1);
    expect(onFocus).toHaveBeenCalledTimes(1);
    expect(onKeyDown).toHaveBeenCalledWith(expect.objectContaining({ key: 'ArrowDown' }));
  });
});
