// One log line per request at most, and none for the busiest answers. Fastify's own request logging (an
// "incoming request" and a "request completed" line for every request) cost about a fifth of a licence
// validation (bench/README.md, issue 30), so RequestLogController below replaces them, logging after the
// answer has been sent:
// - an answer of the machine API (`/api/v1/…`) or of `/api/health` below 400 and faster than SLOW_MS is only
//   counted: once a minute one "answers summary" line gives each route's count, statuses, p50, p99 and max;
// - any other answer is one "request completed" line: info below 400, warn for 4xx, error for 5xx, warn
//   when slower than SLOW_MS. Errors and refusals are therefore never summarised away.
import { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { captureClientAddress } from './client-address.js';

/** An answer slower than this is logged on its own line even when its route is summarised. */
export const SLOW_MS = 1_000;
/** How often the summary line is written (and at close, for what is left). */
export const SUMMARY_INTERVAL_MS = 60_000;

// Latencies are counted in buckets growing by 5 % from 0.05 ms (the last one holds everything from ~40 s up):
// a percentile read from them is at most 5 % high, and recording one costs a logarithm and an increment.
const FIRST_BUCKET_MS = 0.05;
const GROWTH = 1.05;
const BUCKETS = 280;
const LOG_GROWTH = Math.log(GROWTH);

const bucketOf = (ms: number): number => (ms <= FIRST_BUCKET_MS ? 0 : Math.min(BUCKETS - 1, Math.ceil(Math.log(ms / FIRST_BUCKET_MS) / LOG_GROWTH)));
const bucketUpperMs = (bucket: number): number => FIRST_BUCKET_MS * GROWTH ** bucket;

class LatencySummary {
  count = 0;
  maxMs = 0;
  readonly statuses = new Map<number, number>();
  readonly buckets = new Uint32Array(BUCKETS);

  add(status: number, ms: number): void {
    this.count += 1;
    if (ms > this.maxMs) this.maxMs = ms;
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    this.buckets[bucketOf(ms)]! += 1;
  }

  percentileMs(p: number): number {
    const rank = Math.ceil((p / 100) * this.count);
    let seen = 0;
    for (let bucket = 0; bucket < BUCKETS; bucket++) {
      seen += this.buckets[bucket]!;
      if (seen >= rank) return Math.min(bucketUpperMs(bucket), this.maxMs);
    }
    return this.maxMs;
  }
}

const round = (ms: number): number => Math.round(ms * 100) / 100;

/**
 * Whether a route's answers are summarised rather than logged one by one: the machine API (`/api/v1/…`, the
 * calls WordPress sites make all day) and `/api/health` (load balancers' probes). Keyed by the route's pattern
 * (`/api/v1/plugins/:slug/update`), so a slug, a key or a download token never makes a new entry. `/` is summarised
 * too: it answers the EDD-compatible `?edd_action=` calls of sites moved from Easy Digital Downloads (server/modules/edd-compat).
 */
export const isSummarizedRoute = (routeUrl: string | undefined): routeUrl is string =>
  routeUrl !== undefined && (routeUrl.startsWith('/api/v1/') || routeUrl === '/api/health' || routeUrl === '/');

/** Counts the summarised answers and writes them out every interval; one per app. */
export class AnswerSummaries {
  private byPath = new Map<string, LatencySummary>();
  private since = Date.now();

  constructor(private readonly log: FastifyBaseLogger) {}

  add(path: string, status: number, ms: number): void {
    let summary = this.byPath.get(path);
    if (!summary) {
      summary = new LatencySummary();
      this.byPath.set(path, summary);
    }
    summary.add(status, ms);
  }

  /** Writes one line for the answers counted since the last one (nothing when there were none). */
  flush(): void {
    const now = Date.now();
    if (this.byPath.size > 0) {
      const answers: Record<string, { count: number; statuses: Record<string, number>; p50Ms: number; p99Ms: number; maxMs: number }> = {};
      for (const [path, summary] of this.byPath) {
        answers[path] = {
          count: summary.count,
          statuses: Object.fromEntries(summary.statuses),
          p50Ms: round(summary.percentileMs(50)),
          p99Ms: round(summary.percentileMs(99)),
          maxMs: round(summary.maxMs),
        };
      }
      this.log.info({ seconds: Math.round((now - this.since) / 1000), answers }, 'answers summary');
      this.byPath = new Map();
    }
    this.since = now;
  }
}

/**
 * Fastify's log controller (the `logController` option, server/app.ts) with the two request lines replaced:
 * nothing when a request arrives, and at most one line when its answer has gone (Fastify calls
 * `requestCompleted` from the response's `finish` event, after the bytes were handed to the socket, so no
 * hook runs on the request's path). Fastify's other lines (stream errors, a failing serialiser) are kept. What
 * runs after the answer reads nothing from the socket, which a client may have reset by then: the address was
 * taken when the request arrived.
 */
export class RequestLogController extends LogController {
  private summaries: AnswerSummaries | null = null;

  /** Starts the summaries once the app (and its logger) exists; they are flushed when the app closes. */
  start(app: FastifyInstance, intervalMs = SUMMARY_INTERVAL_MS): void {
    const summaries = new AnswerSummaries(app.log);
    this.summaries = summaries;
    const timer = setInterval(() => summaries.flush(), intervalMs);
    timer.unref();
    app.addHook('onClose', (_instance, done) => {
      clearInterval(timer);
      summaries.flush();
      done();
    });
  }

  /** Logs nothing; takes the client's address while its socket is surely there (server/http/client-address.ts). */
  override incomingRequest(request: FastifyRequest): void {
    captureClientAddress(request);
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    if (!error && status < 400 && ms < SLOW_MS && this.summaries) {
      // Read only here, after the answer went: Fastify builds routeOptions on each read.
      const route = request.routeOptions.url;
      if (isSummarizedRoute(route)) {
        this.summaries.add(route, status, ms);
        return;
      }
    }
    const line = {
      req: { method: request.method, url: request.url, remoteAddress: request.clientAddress },
      res: { statusCode: status },
      responseTime: round(ms),
    };
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    else if (status >= 500) request.log.error(line, 'request completed');
    else if (ms >= SLOW_MS) request.log.warn(line, 'slow answer');
    else if (status >= 400) request.log.warn(line, 'request completed');
    else request.log.info(line, 'request completed');
  }
}
