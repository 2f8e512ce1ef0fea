import type { S3Config } from './lib/object-storage-s3.js';
import { z } from 'zod';
import path from 'node:path';
import { isIP } from 'node:net';
import { describeZodIssues } from './lib/errors.js';
import { chooseWorkers } from './workers.js';
import { parseSecretKey } from './lib/secret-box.js';

const isSecretKey = (value: string): boolean => {
  try {
    parseSecretKey(value, 'key');
    return true;
  } catch {
    return false;
  }
};

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
  // The key provider secrets saved in the admin are sealed under (docs/secrets.md): 32 bytes, base64 or hex. Unset:
  // DATA_DIR/secrets.key, made on first use. SECRETS_KEY_PREVIOUS opens values sealed before a rotation.
  SECRETS_KEY: z.string().trim().refine(isSecretKey, 'must be 32 random bytes in base64 or hex (e.g. openssl rand -base64 32)').optional(),
  SECRETS_KEY_PREVIOUS: z.string().trim().refine(isSecretKey, 'must be 32 random bytes in base64 or hex (e.g. openssl rand -base64 32)').optional(),
  // FOR TESTS ONLY: where the Stripe client sends its calls instead of https://api.stripe.com (a local stand-in
  // such as server/test/fake-stripe-api.ts): protocol, host and port, e.g. http://127.0.0.1:12111.
  STRIPE_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL such as http://127.0.0.1:12111' }).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
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
      (value) =>
        ['true', 'false'].includes(value) || value.split(',').every((part) => PROXY_NAMES.has(part.trim()) || isIP(part.trim().split('/')[0] ?? '') !== 0),
      'must be true, false, loopback, linklocal, uniquelocal, or IP addresses/CIDRs separated by commas',
    )
    .transform((value) => (value === 'true' ? true : value === 'false' ? false : value)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SIGNING_PRIVATE_KEY: optionalString,
  // Per-IP rate limits shared by every instance through this Redis (docs/rate-limits.md); unset: per process.
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  // Start of every Redis key this server writes, so several shops (or test runs) can share one Redis.
  REDIS_KEY_PREFIX: z.string().trim().min(1).max(100).default('pls:'),
  // How long an outgoing webhook POST may take before it counts as failed and is retried (docs/webhooks.md).
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
  // true: outgoing webhooks may reach loopback, private and other non-public addresses, for receivers inside a
  // private network; false: public addresses only (docs/webhooks.md, "Where webhooks may go").
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: booleanString.default(false),
  // HMAC key of signed download links, shared by every instance; unset: generated once and kept in the
  // database (docs/deploy.md). 32 characters is 256 bits only if random, so fewer is refused.
  DOWNLOAD_SECRET: z.string().trim().min(32, 'must be at least 32 characters (e.g. openssl rand -base64 32)').optional(),
  // Processes serving the port (node:cluster, server/main.ts): a whole number, or `auto` for one per core within
  // memory (server/workers.ts). Unset: `auto` in production, 1 in development and test.
  WORKERS: z
    .string()
    .trim()
    .regex(/^(auto|[1-9]\d{0,2})$/, 'must be auto or a whole number from 1 to 999')
    .optional(),
  WEB_DIST_DIR: optionalString,
  // Tax (docs/tax.md): the EU's VIES service that checks buyers' VAT numbers (its REST API's base address), and the
  // request header a trusted proxy puts the client's country in (e.g. cf-ipcountry); unset: the offline GeoIP database.
  VIES_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).default('https://ec.europa.eu/taxation_customs/vies/rest-api'),
  // UK VAT numbers (docs/tax.md "Businesses"): HMRC's "Check a UK VAT number" API (v2), with the OAuth client of an
  // HMRC Developer Hub application; tests use a local stand-in.
  HMRC_VAT_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).default('https://api.service.hmrc.gov.uk'),
  HMRC_CLIENT_ID: z.string().trim().min(1).optional(),
  HMRC_CLIENT_SECRET: z.string().trim().min(1).optional(),
  COUNTRY_HEADER: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]+$/, 'must be a header name such as cf-ipcountry')
    .optional(),
  // Object storage (docs/object-storage.md): with S3_BUCKET set, release zips and images live in the bucket.
  S3_BUCKET: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3-63 lowercase letters, digits, dots and hyphens')
    .optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: booleanString.optional(),
  S3_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._/-]+$/, 'may hold letters, digits, dots, hyphens, underscores and slashes only')
    .optional(),
});

export type Environment = z.infer<typeof environmentSchema>;

export interface Config extends Omit<Environment, 'WORKERS'> {
  /** Processes serving the port, decided by chooseWorkers (server/workers.ts). */
  WORKERS: number;
  /** What decided WORKERS, printed at start. */
  workersReason: string;
  dataDir: string;
  database: { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };
  webDistDir: string;
  /** Where release zips and images live: the bucket when S3_BUCKET is set, DATA_DIR otherwise. */
  s3: S3Config | null;
}

/** The bucket settings, or null without S3_BUCKET; a half-made S3 configuration stops the start. */
function s3Config(values: Environment): S3Config | null {
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey, S3_ENDPOINT: endpoint } = values;
  if (!bucket) {
    const stray = (['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'] as const).filter(
      (name) => values[name] !== undefined,
    );
    if (stray.length > 0)
      throw new ConfigError(
        `Invalid environment:\n  S3_BUCKET: must be set when ${stray.join(', ')} ${stray.length === 1 ? 'is' : 'are'} (files are kept in DATA_DIR without it)`,
      );
    return null;
  }
  if (!accessKeyId || !secretAccessKey) {
    throw new ConfigError("Invalid environment:\n  S3_BUCKET is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required too (the bucket's access key)");
  }
  const prefix = (values.S3_PREFIX ?? '').replace(/^\/+|\/+$/g, '');
  return {
    bucket,
    endpoint,
    // R2 wants "auto"; AWS needs a real region, us-east-1 when none is given. Other endpoints accept either.
    region: values.S3_REGION ?? (endpoint ? 'auto' : 'us-east-1'),
    accessKeyId,
    secretAccessKey,
    // MinIO and most self-hosted servers answer path-style only; AWS prefers virtual-hosted style.
    forcePathStyle: values.S3_FORCE_PATH_STYLE ?? Boolean(endpoint),
    prefix: prefix ? `${prefix}/` : '',
  };
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = environmentSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(`Invalid environment:\n  ${describeZodIssues(parsed.error.issues, '\n  ')}`);
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  const url = values.DATABASE_URL;
  const database =
    url && /^postgres/.test(url)
      ? { dialect: 'postgres' as const, url }
      : { dialect: 'sqlite' as const, file: url ? url.replace(/^sqlite:/, '') : path.join(dataDir, 'licensing.sqlite') };
  const webDistDir = path.resolve(values.WEB_DIST_DIR ?? 'dist/web');
  const { workers, reason } = chooseWorkers(values.WORKERS, values.NODE_ENV, database.dialect);
  return { ...values, WORKERS: workers, workersReason: reason, dataDir, database, webDistDir, s3: s3Config(values) };
}
