// Queueing an e-mail (docs/contributing.md, "Server"): one call writes the outbox row in the change's unit of work
// and emits `email.queued`, so the message leaves once the change has committed (email-events.ts); a change that
// rolls back queues nothing. The retry loop is the backstop, not the way a message leaves.
import type { Unit } from '../../kernel/events.js';
import { nowIso } from '../../lib/time.js';
import type { EmailContent } from './email-renderers.js';
import { insertQueuedEmail, saveEmailContent } from './email.repository.js';

export interface EmailMessage {
  to_address: string;
  /** The emails table's `kind`: a kind with a renderer (ctx.emailRenderers) is rendered when it leaves. */
  kind: string;
  order_id?: number | null;
  /** Unique when set: the same message is never queued twice (a retried payment event). */
  dedupe_key?: string | null;
  /** The message as it is sent, written now; left out for a kind rendered when it leaves. */
  content?: EmailContent;
  /** When it was queued (UTC ISO-8601): the change's own time; now when left out. */
  at?: string;
}

/** Puts one message in the outbox in the unit's transaction and schedules its delivery after commit; answers its id. */
export async function queueEmail(unit: Unit, message: EmailMessage): Promise<number> {
  const at = message.at ?? nowIso();
  const id = await insertQueuedEmail(unit.trx, {
    to_address: message.to_address,
    kind: message.kind,
    order_id: message.order_id ?? null,
    dedupe_key: message.dedupe_key ?? null,
    created_at: at,
  });
  if (message.content) await saveEmailContent(unit.trx, id, message.content);
  await unit.emit('email.queued', { id }, at);
  return id;
}
