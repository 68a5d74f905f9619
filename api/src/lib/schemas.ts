import { z } from 'zod';

export const errorBodySchema = z
  .object({ message: z.string(), slug: z.string() })
  .describe('Error body of every failure');

/** The usual error responses of an authenticated route, for the OpenAPI document. */
export const authErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
} as const;

export const emailSchema = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .regex(/^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/, 'Email address is invalid')
  .transform((s) => s.toLowerCase());

export const languageSchema = z.enum(['de', 'en'], { error: 'Language must be de or en' });
