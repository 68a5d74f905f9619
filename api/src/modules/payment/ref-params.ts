import { z } from 'zod';

/** The payment reference in the sandbox's page routes (`/sandbox/:ref/...`). */
export const refParams = z.object({ ref: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, 'ref is invalid') });
