import { z } from 'zod';

export const newsletterSignupSchema = z.object({
  email: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .toLowerCase()
    .email('Please enter a valid email address')
    .max(254, 'Please enter a valid email address'),
});
export type NewsletterSignup = z.infer<typeof newsletterSignupSchema>;

export const newsletterSignupResponseSchema = z.object({ subscribed: z.literal(true) });
