import { z } from 'zod';
import { languageSchema } from './api-inputs';

/** GET /user answer. */
export const apiUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  parentUserId: z.string().nullable(),
  language: languageSchema,
  isActive: z.boolean(),
  createdAt: z.string(),
});
