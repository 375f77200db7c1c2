import { z } from 'zod';

/** A `response` entry for an answer in text (CSV, iCalendar): the OpenAPI document names its media type. */
export const textAnswer = (mediaType: string, description: string) => ({
  description,
  content: { [mediaType]: { schema: z.string() } },
});
