import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** A zod schema whose input is an object of form values (e.g. a shared `z.object({...})` schema). */
export type FormSchema = z.ZodType<FieldValues, FieldValues>;

/**
 * A form's schema that loads on the form's first use instead of with its page: zod and the shared rules are a chunk
 * of their own, so a page that must be light (/login: at most 170 KB of JavaScript) renders its form without them.
 * `required` names the fields the schema rejects when empty, for the labels' required marks before the schema has
 * arrived; a test beside each use checks the list against the schema.
 */
export interface LazyFormSchema<S extends FormSchema = FormSchema> {
  readonly required: readonly string[];
  /** Loads the schema once (again after a failed load). */
  load(): Promise<S>;
  /**
   * Starts loading on intent (typing into a field), so no check waits for the download. A failed load is retried
   * by the form's first check, which then lets the server judge the values.
   */
  prefetch(): void;
}

export function lazyFormSchema<S extends FormSchema>(
  load: () => Promise<S>,
  required: readonly (keyof z.input<S> & string)[],
): LazyFormSchema<S> {
  let loading: Promise<S> | null = null;
  const loadOnce = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  return {
    required,
    load: loadOnce,
    prefetch: () => void loadOnce().catch(() => undefined),
  };
}

export function isLazyFormSchema(schema: FormSchema | LazyFormSchema): schema is LazyFormSchema {
  return typeof (schema as Partial<LazyFormSchema>).load === 'function';
}

/**
 * Validates with the schema once it has loaded. When it cannot load (the network is gone), the values pass as they
 * are: the server checks them again and the page shows its answer, where a resolver error would leave a silent form.
 */
export function lazyZodResolver<S extends FormSchema>(
  schema: LazyFormSchema<S>,
): Resolver<z.input<S>, unknown, z.output<S>> {
  return async (values, context, options) => {
    let loaded: S;
    try {
      loaded = await schema.load();
    } catch (error) {
      console.warn('The form rules could not load; the server checks the values', error);
      return { values: values as z.output<S>, errors: {} };
    }
    return zodResolver(loaded)(values, context, options);
  };
}
