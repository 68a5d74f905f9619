import { useCallback, useState, type ChangeEvent } from 'react';

/** A form value validated on blur and on submit; once an error shows, edits re-validate so it clears. */
export function useValidatedField<T extends string | boolean>(initial: T, validate: (value: T) => string | null) {
  const [value, setValue] = useState<T>(initial);
  const [error, setError] = useState<string | null>(null);

  const check = useCallback(
    (next: T = value) => {
      const result = validate(next);
      setError(result);
      return result === null;
    },
    [validate, value],
  );

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = (typeof initial === 'boolean' ? event.target.checked : event.target.value) as T;
    setValue(next);
    if (error !== null || typeof initial === 'boolean') setError(validate(next));
  };

  return { value, error, onChange, onBlur: () => check(), check };
}

/** The props a TextField needs from a validated field: value, handlers, error state and the translated message. */
export function textFieldProps(
  field: {
    value: string;
    error: string | null;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
    onBlur: () => void;
  },
  t: (key: string) => string,
  hint?: string,
) {
  return {
    value: field.value,
    onChange: field.onChange,
    onBlur: field.onBlur,
    error: field.error !== null,
    helperText: field.error ? t(field.error) : hint,
  };
}
