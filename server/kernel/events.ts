// Domain events after commit (docs/architecture.md, "Events"; decision 0012). A change runs in a unit of work:
// one transaction in which it emits events. Each event is first handed to the recorders, inside that
// transaction, so what must commit with the change does (the webhook outbox rows, decision 0007); after the
// commit the unit's events go to the reactors (nudge the webhook worker, send a queued e-mail, refresh a
// cache). A change that rolls back fires nothing. No caller nudges a worker itself.
import type { Transaction } from 'kysely';
import type { Database } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { nowIso } from '../lib/time.js';

/**
 * The event map: each event's name and what it carries. Empty here; the module that emits an event declares it
 * beside its code, by declaration merging (as AppServices, server/kernel/context.ts):
 *   declare module '../../kernel/events.js' { interface AppEvents { 'release.published': ReleaseEventData } }
 * so `emit` and every subscriber are checked by the compiler.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface AppEvents {}

export type EventType = keyof AppEvents;

/** One event as it happened: a union over the map, so checking `type` gives the payload's type. */
export type DomainEvent<K extends EventType = EventType> = {
  [T in K]: { type: T; data: AppEvents[T]; /** UTC ISO-8601: the change's own time. */ at: string };
}[K];

/**
 * Runs inside the unit's transaction for each event it emits. `many`, when given, records a batch of events at
 * once (an import's thousand `license.created`) in a few statements; without it each event is recorded alone.
 */
export type Recorder = ((trx: Transaction<DB>, event: DomainEvent) => Promise<void>) & {
  many?: (trx: Transaction<DB>, events: readonly DomainEvent[]) => Promise<void>;
};
/** Runs after the unit committed, with its events in order. Awaited; its failure is logged, not the caller's. */
export type Reactor = (events: readonly DomainEvent[]) => void | Promise<void>;

export class EventBus {
  readonly #recorders: Recorder[] = [];
  readonly #reactors: Reactor[] = [];

  constructor(private readonly log: { error(details: object, message: string): void }) {}

  /** Subscribes a recorder: it writes in the change's transaction (outbox rows). The composition root calls it. */
  onRecord(recorder: Recorder): void {
    this.#recorders.push(recorder);
  }

  /** Subscribes a reactor: it runs once the change has committed. The composition root calls it. */
  afterCommit(reactor: Reactor): void {
    this.#reactors.push(reactor);
  }

  async record(trx: Transaction<DB>, event: DomainEvent): Promise<void> {
    for (const recorder of this.#recorders) await recorder(trx, event);
  }

  /** Records a batch: each recorder gets all of it, by its `many` when it has one. */
  async recordMany(trx: Transaction<DB>, events: readonly DomainEvent[]): Promise<void> {
    for (const recorder of this.#recorders) {
      if (recorder.many) await recorder.many(trx, events);
      else for (const event of events) await recorder(trx, event);
    }
  }

  /** Hands committed events to the reactors (a unit of work calls it; so does a change committed elsewhere). */
  async committed(events: readonly DomainEvent[]): Promise<void> {
    if (events.length === 0) return;
    for (const reactor of this.#reactors) {
      try {
        await reactor(events);
      } catch (error) {
        this.log.error({ err: error, events: events.map((event) => event.type) }, 'an event subscriber failed after commit');
      }
    }
  }
}

/** One event, typed by its name (what `emit` and `committed` are given). */
export const domainEvent = <K extends EventType>(type: K, data: AppEvents[K], at: string = nowIso()): DomainEvent =>
  // The one place a payload meets its name: `data` is AppEvents[K] for this K, which TypeScript cannot relate to
  // the union member without help.
  ({ type, data, at }) as DomainEvent;

/** One change in progress: its transaction, and how it emits events. */
export interface Unit {
  readonly trx: Transaction<DB>;
  emit<K extends EventType>(type: K, data: AppEvents[K], at?: string): Promise<void>;
  /** Emits one event per item, recorded as a batch (Recorder's `many`): what an import's batch emits. */
  emitMany<K extends EventType>(type: K, list: ReadonlyArray<AppEvents[K]>, at?: string): Promise<void>;
}

/**
 * Runs `work` in one transaction; the events it emits are recorded in that transaction and, once it has
 * committed, handed to the reactors. Pass the unit (not a bare transaction) to whatever the change calls.
 */
export async function unitOfWork<T>(ctx: UnitContext, work: (unit: Unit) => Promise<T>): Promise<T> {
  const emitted: DomainEvent[] = [];
  const result = await ctx.db.transaction().execute(async (trx) => {
    const unit: Unit = {
      trx,
      emit: async (type, data, at) => {
        const event = domainEvent(type, data, at);
        await ctx.events.record(trx, event);
        emitted.push(event);
      },
      emitMany: async (type, list, at) => {
        const events = list.map((data) => domainEvent(type, data, at));
        await ctx.events.recordMany(trx, events);
        emitted.push(...events);
      },
    };
    return work(unit);
  });
  await ctx.events.committed(emitted);
  return result;
}

/** What begins a unit of work: the database and the event bus (an AppContext is one). */
export interface UnitContext {
  db: Database;
  events: EventBus;
}

/** A unit in progress, or what begins one: functions that change things take either. */
export type UnitOrContext = Unit | UnitContext;

/** Runs `work` in the caller's unit when given one (its transaction, its events), else in a new unit. */
export function withinUnit<T>(target: UnitOrContext, work: (unit: Unit) => Promise<T>): Promise<T> {
  return 'trx' in target ? work(target) : unitOfWork(target, work);
}
