import { z } from 'zod';

export const profileContactResponseSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  companyName: z.string(),
  country: z.string(),
  city: z.string(),
  street: z.string(),
  houseNumber: z.string(),
  postalCode: z.string(),
  invoiceEmail: z.string(),
  vatID: z.string(),
  parentUserId: z.string().nullable(),
});
export type ProfileContactDto = z.infer<typeof profileContactResponseSchema>;
