import {
  forwardRef,
  useId,
  type ChangeEvent,
  type FocusEvent,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  type Ref,
} from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

export interface FormTextFieldProps {
  id?: string;
  name?: string;
  label?: ReactNode;
  type?: string;
  value?: unknown;
  defaultValue?: unknown;
  onChange?: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onFocus?: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  /** On the field's box (the input and its adornments). */
  onMouseDown?: (event: MouseEvent<HTMLDivElement>) => void;
  onPointerEnter?: (event: PointerEvent<HTMLDivElement>) => void;
  inputRef?: Ref<HTMLInputElement | HTMLTextAreaElement>;
  error?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  autoComplete?: string;
  autoFocus?: boolean;
  placeholder?: string;
  /** Default true, like the theme's TextField. */
  fullWidth?: boolean;
  /** Default 'small', like the theme's TextField. */
  size?: 'small' | 'medium';
  startAdornment?: ReactNode;
  endAdornment?: ReactNode;
  /** Attributes of the <input> itself (e.g. inputMode, maxLength). */
  htmlInput?: InputHTMLAttributes<HTMLInputElement>;
  className?: string;
}

/**
 * A one-line outlined text field that looks and behaves like the portal's MUI TextField (label, helper text,
 * `aria-describedby`, required mark) without TextField's Select, which brings Menu, Popover and Modal along (about
 * 12 KB compressed on /login). Takes `fieldProps()` of a portal form as they are.
 */
export const FormTextField = forwardRef<HTMLDivElement, FormTextFieldProps>(function FormTextField(
  {
    id: idProp,
    label,
    helperText,
    error,
    required,
    disabled,
    fullWidth = true,
    size = 'small',
    className,
    htmlInput,
    ...input
  },
  ref,
) {
  const generatedId = useId();
  const id = idProp ?? generatedId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  const hasLabel = label != null && label !== '';
  return (
    <FormControl
      ref={ref}
      className={className}
      error={error}
      required={required}
      disabled={disabled}
      fullWidth={fullWidth}
      size={size}
    >
      {hasLabel && (
        <InputLabel htmlFor={id} id={`${id}-label`}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput {...input} id={id} label={label} aria-describedby={helperTextId} inputProps={htmlInput} />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
});
