// The delivery worker: claims due outbox rows, POSTs them signed, and records the outcome (docs/webhooks.md).
// One per app (ctx.webhooks); several processes share the work through the claims in deliveries.repository.ts.
import type { AppContext } from '../../kernel/context.js';
import { PollingWorker } from '../../lib/polling-loop.js';
import { claimDueDeliveries, finishDelivery, pruneDeliveries, type AttemptOutcome, type ClaimedDelivery } from './deliveries.repository.js';
import { resolveDestination, systemLookup, type DestinationRules, type LookupAll } from './destination.js';
import { signWebhook } from './secret.js';
import { failureClass, postWebhook } from './webhook-request.js';

/** Due rows are looked for this often; a change that enqueues an event also nudges the worker at once. */
export const POLL_INTERVAL_MS = 5_000;
/** Retries: 30 s, doubling (30 s, 1 min, 2 min ... 32 min), capped at 1 h, each ±20 % so endpoints that failed together spread out. */
export const FIRST_RETRY_MS = 30_000;
export const MAX_RETRY_MS = 60 * 60_000;
/** An event is retried until 24 h after it happened (about 30 attempts), then marked failed. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
/** Finished deliveries stay in the log this long, then a pass (at most hourly) deletes them: the outbox stays small. */
export const KEEP_FINISHED_MS = 30 * 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;

export const USER_AGENT = 'PluginLicensingServer-Webhooks/1';

/** The wait before the attempt after `attempts` failed ones; `random` in [0, 1). */
export function retryDelayMs(attempts: number, random: number = Math.random()): number {
  const base = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
  return Math.round(base * (0.8 + 0.4 * random));
}

/**
 * A claim outlives the longest attempt: the request timeout twice over plus 5 s for the database writes
 * (10 s timeout: a 25 s lease). A process killed mid-attempt leaves the row `sending`; once the lease is
 * past, any process retries it.
 */
export const leaseMsFor = (timeoutMs: number): number => 2 * timeoutMs + 5_000;

export class WebhookWorker extends PollingWorker {
  /** The clock every decision uses (due, lease, 24 h); tests replace it. */
  now: () => Date = () => new Date();
  /** How host names are resolved, when an endpoint is saved and at each attempt (destination.ts); tests replace it. */
  lookup: LookupAll = systemLookup;
  private prunedAt = Number.NEGATIVE_INFINITY;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly aborts = new Set<AbortController>();

  constructor(
    private readonly ctx: AppContext,
    readonly timeoutMs: number,
  ) {
    super(POLL_INTERVAL_MS, (error) => ctx.log.error({ err: error }, 'webhook delivery pass failed'));
  }

  /** Where endpoints may point: WEBHOOK_ALLOW_PRIVATE_NETWORKS and the resolver (docs/webhooks.md, "Where webhooks may go"). */
  get destinationRules(): DestinationRules {
    return { allowPrivateNetworks: this.ctx.config.WEBHOOK_ALLOW_PRIVATE_NETWORKS, lookup: (hostname) => this.lookup(hostname) };
  }

  /** Resolves once no pass and no attempt is running (tests). */
  async idle(): Promise<void> {
    while (this.loop.isPassing || this.inFlight.size > 0) {
      await Promise.all([...this.inFlight]);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** Stops polling and interrupts attempts in flight; they are recorded as due again at once. */
  override async stop(): Promise<void> {
    await super.stop(); // the last pass's claims start attempts, aborted just below
    for (const abort of this.aborts) abort.abort(new Error('the server is shutting down'));
    await Promise.all([...this.inFlight]);
  }

  protected async pass(): Promise<void> {
    const now = this.now();
    if (now.getTime() - this.prunedAt >= PRUNE_EVERY_MS) {
      this.prunedAt = now.getTime();
      await pruneDeliveries(this.ctx.db, new Date(now.getTime() - KEEP_FINISHED_MS).toISOString());
    }
    const claims = await claimDueDeliveries(this.ctx.db, now, leaseMsFor(this.timeoutMs));
    for (const claim of claims) {
      // Attempts run side by side (one per endpoint): a slow endpoint never holds up the others.
      const attempt: Promise<void> = this.attempt(claim)
        .catch((error: unknown) => this.ctx.log.error({ err: error, deliveryId: claim.id }, 'webhook delivery could not be recorded'))
        .finally(() => {
          this.inFlight.delete(attempt);
          this.kick(); // the endpoint is free: its next due delivery can go
        });
      this.inFlight.add(attempt);
    }
  }

  private async attempt(claim: ClaimedDelivery): Promise<void> {
    const abort = new AbortController();
    this.aborts.add(abort);
    const timeout = setTimeout(() => abort.abort(new Error(`no answer within ${this.timeoutMs / 1000} s`)), this.timeoutMs);
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const url = new URL(claim.url);
      // Resolved and checked at every attempt; the POST connects to exactly these addresses.
      const addresses = await untilAborted(resolveDestination(url, this.destinationRules), abort.signal);
      const timestamp = Math.floor(this.now().getTime() / 1000);
      statusCode = await postWebhook(
        url,
        addresses,
        claim.body,
        {
          'content-type': 'application/json',
          'user-agent': USER_AGENT,
          'x-webhook-id': claim.eventId,
          'x-webhook-timestamp': String(timestamp),
          'x-signature': signWebhook(claim.secret, timestamp, claim.body),
        },
        abort.signal,
      );
      if (statusCode < 200 || statusCode > 299) error = `HTTP ${statusCode}`;
    } catch (caught) {
      // The log gets a plain class; the detail (which could tell a closed port from an open one) stays in the server log.
      error = abort.signal.aborted ? 'timed out' : failureClass(caught);
      if (!abort.signal.aborted) this.ctx.log.info({ deliveryId: claim.id, cause: errorText(caught) }, `webhook attempt failed: ${error}`);
    } finally {
      clearTimeout(timeout);
      this.aborts.delete(abort);
    }
    await finishDelivery(this.ctx.db, claim, this.outcome(claim, statusCode, error));
  }

  private outcome(claim: ClaimedDelivery, statusCode: number | null, error: string | null): AttemptOutcome {
    const now = this.now();
    const at = now.toISOString();
    if (error === null) return { status: 'delivered', statusCode, error: null, nextAttemptAt: null, at };
    // Interrupted by our own shutdown: due again at once (another process, or this one after its restart).
    if (this.loop.isStopped) return { status: 'pending', statusCode, error: 'interrupted: the server shut down', nextAttemptAt: at, at };
    const deadline = new Date(claim.createdAt).getTime() + GIVE_UP_AFTER_MS;
    if (now.getTime() >= deadline) return { status: 'failed', statusCode, error, nextAttemptAt: null, at };
    // The last try lands on the deadline itself rather than being skipped.
    const next = Math.min(now.getTime() + retryDelayMs(claim.attempts), deadline);
    return { status: 'pending', statusCode, error, nextAttemptAt: new Date(next).toISOString(), at };
  }
}

/** Settles as `promise` does, or rejects once `signal` aborts (a DNS lookup cannot be cancelled, only left behind). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    void promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

const errorText = (error: unknown): string =>
  error instanceof Error ? (error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message) : String(error);
