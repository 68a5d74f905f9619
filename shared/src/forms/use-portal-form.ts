import { useEffect, type ChangeEvent, type ReactNode, type Ref } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isLazyFormSchema, lazyZodResolver, type FormSchema, type LazyFormSchema } from './lazy-form-schema';

export interface FieldPropsOptions {
  /** Shown as helper text while the field has no error. */
  hint?: ReactNode;
  /** Rewrites what the user types before the form stores it (e.g. live phone formatting). */
  format?: (value: string) => string;
}

/** What an MUI TextField (or PasswordField) needs from the form for one field. */
export interface PortalFieldProps {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onBlur: (event: { target: unknown; type?: unknown }) => void;
  inputRef: Ref<HTMLInputElement | HTMLTextAreaElement>;
  error: boolean;
  helperText: ReactNode;
  required: boolean;
}

export type PortalForm<S extends FormSchema> = UseFormReturn<z.input<S>, unknown, z.output<S>> & {
  /** TextField props for `name`: registered handlers, value, error + translated message, `required` from the schema. */
  fieldProps(name: Path<z.input<S>>, options?: FieldPropsOptions): PortalFieldProps;
};

/**
 * A react-hook-form form checked by a shared zod schema: validates on blur and on submit, and once an error
 * shows, every edit of that field re-checks it so it clears. Error messages are i18n keys of the `common` namespace.
 * `schema` may be a `lazyFormSchema(...)`: the form then renders at once and validates once the schema has loaded.
 */
export function usePortalForm<S extends FormSchema>(
  schema: S | LazyFormSchema<S>,
  defaultValues: DefaultValues<z.input<S>>,
): PortalForm<S> {
  const { t } = useTranslation('common');
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: isLazyFormSchema(schema) ? lazyZodResolver(schema) : zodResolver(schema),
    defaultValues,
    mode: 'onBlur',
    reValidateMode: 'onChange',
  });
  const { watch, getFieldState, trigger } = form;

  // Before the first submit react-hook-form re-checks only on blur; a shown error must clear as soon as it is fixed.
  useEffect(() => {
    const subscription = watch((_values, { name, type }) => {
      if (type === 'change' && name && getFieldState(name).error) void trigger(name);
    });
    return () => subscription.unsubscribe();
  }, [watch, getFieldState, trigger]);

  function fieldProps(name: Path<z.input<S>>, { hint, format }: FieldPropsOptions = {}): PortalFieldProps {
    const { ref, onChange, onBlur } = form.register(name);
    const message = form.getFieldState(name, form.formState).error?.message;
    const value: unknown = form.watch(name);
    return {
      name,
      value: typeof value === 'string' ? value : value == null ? '' : String(value),
      onChange: (event) => {
        if (format) event.target.value = format(event.target.value);
        return onChange(event);
      },
      onBlur,
      inputRef: ref,
      error: Boolean(message),
      helperText: message ? t(message, { ns: 'common' }) : hint,
      required: isLazyFormSchema(schema) ? schema.required.includes(name) : isRequired(schema, name),
    };
  }

  return Object.assign(form, { fieldProps });
}

/** A field is required when its own schema rejects an empty entry; fields outside an object schema are not. */
export function isRequired(schema: FormSchema, name: string): boolean {
  const shape = (schema as { shape?: Record<string, z.ZodType> }).shape;
  const field = shape?.[name];
  return field ? !field.safeParse('').success : false;
}
