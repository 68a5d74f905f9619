import TextField from '@mui/material/TextField';
import { useEffect, useState, type ReactNode, type Ref } from 'react';

interface Props {
  label: string;
  value: readonly string[];
  onChange(lines: string[]): void;
  onBlur(): void;
  inputRef?: Ref<HTMLTextAreaElement | HTMLInputElement>;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  placeholder?: string;
}

const toLines = (text: string) =>
  text
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter(Boolean);

/** A list of strings edited as text, one per line (commas also split); the typed text stays as typed. */
export function LinesField({ label, value, onChange, onBlur, inputRef, error, hint, required, placeholder }: Props) {
  const [text, setText] = useState(() => value.join('\n'));
  // A reset from outside (the form loads another entry): show its lines.
  useEffect(() => {
    setText((current) => (toLines(current).join('\n') === value.join('\n') ? current : value.join('\n')));
  }, [value]);
  return (
    <TextField
      label={label}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(toLines(event.target.value));
      }}
      onBlur={onBlur}
      inputRef={inputRef}
      error={Boolean(error)}
      helperText={error ?? hint}
      required={required}
      placeholder={placeholder}
      multiline
      minRows={2}
      fullWidth
    />
  );
}
