import { z } from 'zod';
import path from 'node:path';
import { isIP } from 'node:net';

// The only reader of process.env. Invalid values stop the start with a message naming the variable.
const optionalString = z.string().trim().min(1).optional();
// The names proxy-addr (Fastify's trustProxy) knows besides addresses.
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const booleanString = z.enum(['true', 'false']).transform((value) => value === 'true');

const environmentSchema = z.object({
  // Production unless told otherwise: `npm start` and a bare `node dist/server/main.js` are production;
  // `npm run dev` sets development, the test harnesses set test.
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|sqlite:)/, 'must start with postgres://, postgresql:// or sqlite:')
    .optional(),
  ADMIN_PASSWORD: optionalString,
  BASE_URL: z.url().optional(),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  LEMONSQUEEZY_WEBHOOK_SECRET: optionalString,
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: optionalString,
  // true: the built-in test payments are live even beside a real provider; false: never. Unset: live only
  // while no real provider is configured (server/modules/checkout/provider-choice.ts).
  PAYMENTS_TEST_MODE: booleanString.optional(),
  SEED_DEMO: booleanString.default(true),
  LOGIN_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
  // Which proxies' X-Forwarded-For to believe for the client IP (rate limits are per IP): `loopback` (a
  // proxy on the same host), `true`, `false`, or addresses and CIDRs separated by commas.
  TRUST_PROXY: z
    .string()
    .trim()
    .default('loopback')
    .refine(
      (value) => ['true', 'false'].includes(value) || value.split(',').every((part) => PROXY_NAMES.has(part.trim()) || isIP(part.trim().split('/')[0] ?? '') !== 0),
      'must be true, false, loopback, linklocal, uniquelocal, or IP addresses/CIDRs separated by commas',
    )
    .transform((value) => (value === 'true' ? true : value === 'false' ? false : value)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SIGNING_PRIVATE_KEY: optionalString,
  WEB_DIST_DIR: optionalString,
});

export type Environment = z.infer<typeof environmentSchema>;

export interface Config extends Environment {
  dataDir: string;
  database: { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };
  webDistDir: string;
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = environmentSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  const url = values.DATABASE_URL;
  const database =
    url && /^postgres/.test(url)
      ? { dialect: 'postgres' as const, url }
      : { dialect: 'sqlite' as const, file: url ? url.replace(/^sqlite:/, '') : path.join(dataDir, 'licensing.sqlite') };
  const webDistDir = path.resolve(values.WEB_DIST_DIR ?? 'dist/web');
  return { ...values, dataDir, database, webDistDir };
}
