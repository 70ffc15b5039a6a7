import { z } from "zod";

/** A positive whole number that fits a database id (query string or JSON); messages name the field. */
export const idOf = (field: string) =>
  z.coerce
    .number({ error: (issue) => (issue.code === "invalid_type" ? `${field} must be a number` : undefined) })
    .int(`${field} must be a whole number`)
    .positive(`${field} must be a positive number`)
    .max(2 ** 31 - 1, `${field} is too large`);
