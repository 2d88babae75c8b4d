import { z } from 'zod';

/** POST /api/create/error (spec §7): what the PWA reports. */
export const errorLogRequest = z.object({
  path: z.string().trim().min(1, 'The path field is required.').max(2000, 'The path field must not be greater than 2000 characters.'),
  message: z.string().trim().min(1, 'The message field is required.').max(5000, 'The message field must not be greater than 5000 characters.'),
});
export type ErrorLogRequest = z.infer<typeof errorLogRequest>;
