// When a series posts: days of the week and wall-clock times in its time zone.
import { z } from 'zod';

export const seriesCadence = z.object({
  days: z.array(z.number().int().min(0).max(6)).min(1, 'Choose at least one day.').max(7),
  times: z
    .array(z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time must be HH:MM.'))
    .min(1, 'Choose at least one time.')
    .max(12),
  per_day: z.number().int().min(1).max(12).nullable().default(null),
});
export type SeriesCadence = z.output<typeof seriesCadence>;
