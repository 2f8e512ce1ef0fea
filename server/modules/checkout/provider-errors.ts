import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { z } from 'zod';
import { PaymentProviderError } from './payment-provider.js';
import { PaymentsUnavailableError } from './order-creation.js';
import { RefundProviderUnavailableError } from './refund-order.js';

/** The body of the 502 and 503 answers below (the routes' response schemas). */
export const errorAnswerSchema = z.object({ error: z.string(), message: z.string() });

const PROVIDER_FAILED_MESSAGE = 'The payment provider could not set up the payment. Please try again.';

/**
 * The one mapping of payment-provider failures to answers, for every checkout, renewal, quote and refund route:
 * no provider in this configuration is a 503, a provider that failed a 502 (logged; the buyer reads `failed`), a
 * refund the provider could not make a 502 with its own message. Anything else is thrown on to the error handler.
 */
export function answerProviderError(
  error: unknown,
  request: { log: FastifyBaseLogger },
  reply: FastifyReply,
  failed: { message: string; log: string } = { message: PROVIDER_FAILED_MESSAGE, log: 'payment provider failed' },
) {
  if (error instanceof PaymentsUnavailableError) return reply.code(503).send({ error: 'PAYMENTS_UNAVAILABLE', message: error.message });
  if (error instanceof RefundProviderUnavailableError) return reply.code(502).send({ error: 'PAYMENT_PROVIDER_ERROR', message: error.message });
  if (error instanceof PaymentProviderError) {
    request.log.error({ err: error }, failed.log);
    return reply.code(502).send({ error: 'PAYMENT_PROVIDER_ERROR', message: failed.message });
  }
  throw error;
}
