import { z } from 'zod';

/** The largest id: every id column is a 32-bit integer (PostgreSQL `serial`, `server/db/portable.ts`). */
export const MAX_ID = 2_147_483_647;

/**
 * A record's id in a path, query string or body: a whole number from 1 to MAX_ID, text coerced. Anything else
 * is a 400 naming `name`, before it reaches the database (where PostgreSQL would refuse a larger one with a 500).
 */
export const idField = (name = 'id') =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .positive(`${name} must be a positive whole number`)
    .max(MAX_ID, `${name} must be at most ${MAX_ID}`);

/** The path parameters of a call on one record: `/…/{id}`. */
export const idParamsSchema = z.object({ id: idField('id') });
