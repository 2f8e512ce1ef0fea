// The loop every background worker runs (webhook deliveries, renewal reminders, automatic renewals): a pass at
// start, one every `intervalMs`, one when kicked; a kick during a pass runs one more after it (no nudge is lost,
// and passes never overlap); stop() ends the polling and waits for the pass in progress. What a pass does, and the
// clock it decides with, belong to the worker.

export interface PollingLoopOptions {
  /** How often a pass runs without a kick. */
  intervalMs: number;
  /** One pass of the worker. */
  pass: () => Promise<void>;
  /** A failed pass is reported here (the worker's log line); the loop goes on. */
  onError: (error: unknown) => void;
}

export class PollingLoop {
  private passing: Promise<void> | null = null;
  private passAgain = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: PollingLoopOptions) {}

  /** Whether stop() was called: a pass checks it between pieces of work. */
  get isStopped(): boolean {
    return this.stopped;
  }

  /** Whether a pass is running now. */
  get isPassing(): boolean {
    return this.passing !== null;
  }

  /** Starts polling; whatever came due while no process ran is looked at now, not after the first interval. */
  start(): void {
    if (this.stopped || this.timer) return;
    this.timer = setInterval(() => this.kick(), this.options.intervalMs);
    this.timer.unref();
    setImmediate(() => this.kick());
  }

  /** Runs a pass now; a kick during a pass runs one more after it. */
  kick(): void {
    if (this.stopped) return;
    if (this.passing) {
      this.passAgain = true;
      return;
    }
    this.passing = this.options
      .pass()
      .catch((error: unknown) => this.options.onError(error))
      .finally(() => {
        this.passing = null;
        if (this.passAgain) {
          this.passAgain = false;
          this.kick();
        }
      });
  }

  /** Runs a pass now (after the one running, if any) and resolves when no pass runs: tests after moving a clock. */
  async runNow(): Promise<void> {
    this.kick();
    while (this.passing) await this.passing;
  }

  /** Ends the polling; resolves once the pass in progress (if any) has finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.passing;
  }
}

/**
 * A background worker on a PollingLoop: the subclass writes its pass; starting, kicking and stopping are the loop's.
 * `loop.isStopped` tells a pass to stop between pieces of work.
 */
export abstract class PollingWorker {
  protected readonly loop: PollingLoop;

  constructor(intervalMs: number, onError: (error: unknown) => void) {
    this.loop = new PollingLoop({ intervalMs, pass: () => this.pass(), onError });
  }

  /** One pass of the worker. */
  protected abstract pass(): Promise<void>;

  /** Starts polling (the module's routes do, when the app starts); stop() ends it when the app closes. */
  start(): void {
    this.loop.start();
  }

  /** Runs a pass now; a kick during a pass runs one more after it, so no nudge is lost. */
  kick(): void {
    this.loop.kick();
  }

  /** Runs a pass now (after the one running, if any) and resolves when no pass runs: tests after moving a clock. */
  runNow(): Promise<void> {
    return this.loop.runNow();
  }

  /** Ends the polling; resolves once the pass in progress (if any) has finished. */
  stop(): Promise<void> {
    return this.loop.stop();
  }
}
