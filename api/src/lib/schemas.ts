import { API_ERROR_SLUGS } from '@portal/shared/domain';
import { z } from 'zod';

export const errorBodySchema = z
  .object({
    message: z.string().describe('Readable English, for logs and API users'),
    slug: z.enum(API_ERROR_SLUGS),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .describe("Field path ('postalCode', 'userEmails.0') → i18n key of the common namespace"),
  })
  .describe('Error body of every failure');

/** The usual error responses of an authenticated route, for the OpenAPI document. */
export const authErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
} as const;
