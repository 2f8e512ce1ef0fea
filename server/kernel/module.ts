// What a module hands the composition root (server/services.ts): one object, exported from its door
// (`server/modules/<name>/index.ts`). The root installs the list wherever a context is built: the server, the
// command-line tools and the tests; nothing is registered as a side effect of building routes
// (docs/contributing.md, "Server").
import type { App, AppContext } from './context.js';
import type { Reactor, Recorder } from './events.js';

/** How a kind of e-mail is rendered when it leaves: the type of `ctx.emailRenderers`' values (the email module). */
type EmailRenderer = AppContext['emailRenderers'] extends ReadonlyMap<string, infer R> ? R : never;

export interface AppModule {
  /** The module's folder name (`server/modules/<name>`). */
  readonly name: string;
  /**
   * What writes in the transaction of every change that emits an event (outbox rows, summaries). Installed on
   * every context, the command line's and the tests' too: a change made there commits the same rows.
   */
  readonly recorders?: readonly Recorder[];
  /** Recorders that need the context (its settings or services): installed wherever a whole context is built. */
  readonly contextRecorders?: (ctx: AppContext) => readonly Recorder[];
  /**
   * What runs once a change has committed (deliver a queued e-mail, nudge a worker), in the server only: the
   * command-line tools leave that to the running server's workers, which poll.
   */
  readonly reactors?: (ctx: AppContext) => readonly Reactor[];
  /**
   * The kinds of e-mail it renders when they leave (`emails.kind` → renderer; the e-mail module knows no kind),
   * put on `ctx.emailRenderers` for every context.
   */
  readonly emailRenderers?: Readonly<Record<string, EmailRenderer>>;
  /** Its HTTP routes (the server only): routes and nothing else. */
  readonly routes?: (app: App, ctx: AppContext) => void | Promise<void>;
  /** Starts its background work (the server only); answers how to stop what it started, if the services do not. */
  readonly workers?: (ctx: AppContext) => void | (() => void | Promise<void>);
}
