import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

const remembered = new WeakSet<object>();

/**
 * Marks a querystring schema whose result the validator may remember for each distinct query: its result must
 * depend on the query alone (coercions, checks, constant defaults; no clock, randomness or I/O) and be a flat object.
 * For queries asked again and again with the same values (a list's page), such as the license list's.
 */
export function rememberedQuery<T extends ZodType>(schema: T): T {
  remembered.add(schema);
  return schema;
}

/** Distinct queries remembered per route; a query beyond them is parsed each time, as any other. */
const MAX_REMEMBERED = 256;

type Result = { value: Record<string, unknown> } | { error: Error };

/**
 * fastify-type-provider-zod's validator compiler; a rememberedQuery schema parses each distinct query once (a zod
 * parse of `page` and `pageSize` cost several µs on every license list read). Only valid results are kept, and each
 * request gets a copy of its own.
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = zodValidatorCompiler(route) as (data: unknown) => Result;
  if (route.httpPart !== 'querystring' || !remembered.has(route.schema)) return validate;
  const results = new Map<string, Record<string, unknown>>();
  return (data: unknown): Result => {
    // A query's values are strings (or lists of them): its JSON names it exactly.
    const key = JSON.stringify(data);
    const known = results.get(key);
    if (known) return { value: { ...known } };
    const result = validate(data);
    if ('value' in result && results.size < MAX_REMEMBERED) results.set(key, { ...result.value });
    return result;
  };
};
