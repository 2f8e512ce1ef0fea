import { validatorCompiler } from 'fastify-type-provider-zod';
import { AppError } from './errors.js';

// PostgreSQL text cannot hold U+0000 (it fails the query with SQLSTATE 22021, or 22P05 for a JSON "\u0000"),
// while SQLite stores it. Refusing NUL where input enters keeps both databases answering the same 400.

const NUL = '\u0000';

/**
 * The dotted path of the first string (or object key) holding U+0000 in parsed input ('' when the input is
 * that string itself), or undefined when there is none. Iterative, so a deeply nested JSON body cannot
 * overflow the stack; Buffers (raw bodies, files) are bytes, not text, and are skipped.
 */
export function findNulPath(input: unknown): string | undefined {
  if (typeof input === 'string') return input.includes(NUL) ? '' : undefined;
  if (input === null || typeof input !== 'object') return undefined;
  const pending: Array<[value: unknown, path: string]> = [[input, '']];
  // Breadth first, so the path named is the shallowest, in key order.
  for (let index = 0; index < pending.length; index++) {
    const [value, path] = pending[index]!;
    if (typeof value === 'string') {
      if (value.includes(NUL)) return path;
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const key of Object.keys(value)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes(NUL)) return childPath;
        pending.push([(value as Record<string, unknown>)[key], childPath]);
      }
    }
  }
  return undefined;
}

/** The 400 for NUL at `path` of the request part `part` ('body', 'querystring', 'params', a form field…). */
export function nulRefusal(part: string, path: string): AppError {
  return new AppError('BAD_REQUEST', `Invalid ${part}: ${path ? `${path}: ` : ''}must not contain NUL characters (U+0000)`);
}

/** Throws the 400 when `input` holds NUL anywhere; for input that no route schema validates (multipart fields, webhooks). */
export function assertNoNul(input: unknown, part: string): void {
  const path = findNulPath(input);
  if (path !== undefined) throw nulRefusal(part, path);
}

/**
 * The zod validator compiler, refusing NUL first: every route with a body, querystring or params schema
 * answers "Invalid body: license_key: must not contain NUL characters (U+0000)" on both databases.
 */
export const nulSafeValidatorCompiler: typeof validatorCompiler = (routeSchema) => {
  const validate = validatorCompiler(routeSchema);
  const part = routeSchema.httpPart ?? 'request';
  return (data: unknown) => {
    const path = findNulPath(data);
    return path === undefined ? validate(data) : { error: nulRefusal(part, path) };
  };
};

/** PostgreSQL's refusals of NUL (22021 invalid byte sequence 0x00, 22P05 unsupported Unicode escape). */
export function isNulDatabaseError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '22021' || code === '22P05';
}
