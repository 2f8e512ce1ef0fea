import { createHmac, randomBytes } from 'node:crypto';

/** A new endpoint signing secret: `whsec_` and 32 random bytes (256 bits), base64url. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

/** What the admin sees of a secret after creation: enough to tell two apart, far too little to sign. */
export const secretHint = (secret: string): string => `${secret.slice(0, 10)}…`;

/**
 * The documented signature (docs/webhooks.md): hex HMAC-SHA256 with the endpoint's secret over
 * `<timestamp>.<body>`, the timestamp being X-Webhook-Timestamp (unix seconds). Signing the timestamp with the
 * body lets a receiver refuse replays older than its window.
 */
export const signWebhook = (secret: string, timestamp: number, body: string): string =>
  `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
