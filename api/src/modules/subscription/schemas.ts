import { z } from 'zod';

/** The `:id` of the subscription routes. */
export const subscriptionIdParams = z.object({ id: z.uuid({ error: 'id must be a subscription id' }) });

/** Body and answer of the staff job routes (POST /renewals/run, /month-end/run). */
export const jobRunBody = z.object({ date: z.iso.date({ error: 'date must be YYYY-MM-DD' }) }).strict();
export const jobRunResult = z.object({
  ran: z.boolean(),
  period: z.string(),
  summary: z.record(z.string(), z.unknown()).nullable(),
});
