// A whole number from a query string (contract/schemas/input.ts' QueryInteger:
// digits, as no type is coerced), with its bounds, answered as Ajv's bounds
// would be: a field error with the limit.
import { FieldErrors } from "../../errors.js";

export function queryInteger(
  value: string | undefined,
  field: string,
  { fallback, maximum }: { fallback: number; maximum: number },
): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (number < 1) throw new FieldErrors([{ field, code: "too_small", limit: 1 }]);
  if (number > maximum) throw new FieldErrors([{ field, code: "too_large", limit: maximum }]);
  return number;
}
