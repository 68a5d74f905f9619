import { forwardRef, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { FormTextField, type FormTextFieldProps } from './form-text-field';

export type PasswordFieldProps = Omit<FormTextFieldProps, 'type' | 'endAdornment'> & {
  /** Accessible names of the toggle, translated by the caller, e.g. { show: t('show_password'), hide: t('hide_password') }. */
  toggleLabels: { show: string; hide: string };
};

/** Password input with a show/hide toggle. The ref reaches the <input>, so `register()` and `fieldProps()` work. */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(
  { toggleLabels, inputRef, ...props },
  ref,
) {
  const [visible, setVisible] = useState(false);
  return (
    <FormTextField
      {...props}
      inputRef={inputRef ?? ref}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={visible ? toggleLabels.hide : toggleLabels.show}
            aria-pressed={visible}
            onClick={() => setVisible((current) => !current)}
            edge="end"
          >
            {visible ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
});
