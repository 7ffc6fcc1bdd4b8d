/**
 * The error body of spec 2.3: `code` is `{status}-{n}` and its first number is the HTTP status.
 * Unknown fields are kept (the platform may add some).
 */
import { z } from 'zod';

export const ERROR_CODE_PATTERN = /^(\d{3})-(\d+)$/;

export const errorDetailSchema = z.looseObject({
  key: z.string(),
  value: z.string().optional(),
});

export const errorBodySchema = z.looseObject({
  code: z.string().regex(ERROR_CODE_PATTERN, 'code must be {status}-{number}'),
  developerMessage: z.string(),
  details: z.array(errorDetailSchema).optional(),
  userMessage: z.string().optional(),
});

export type ErrorDetail = z.infer<typeof errorDetailSchema>;
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The HTTP status a code names: its first number. */
export function statusOfCode(code: string): number | undefined {
  const m = ERROR_CODE_PATTERN.exec(code);
  return m ? Number(m[1]) : undefined;
}

/** An error body is valid for a response only when its code starts with that response's status. */
export function isErrorBodyFor(status: number, body: unknown): body is ErrorBody {
  const parsed = errorBodySchema.safeParse(body);
  return parsed.success && statusOfCode(parsed.data.code) === status;
}
