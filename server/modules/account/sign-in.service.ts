// Password-less customer sign-in (docs/account.md): e-mailed one-time links and customer sessions.
import { unitOfWork } from '../../kernel/events.js';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../kernel/context.js';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { nowIso } from '../../lib/time.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import { maskEmailAddress } from '../../lib/redact.js';
import { ACCOUNT_PAGES, CUSTOMER_SESSION_DAYS, SIGN_IN_LINK_TTL_MINUTES, SIGN_IN_LINKS_PER_ADDRESS } from '../../../common/account.js';
import { hasUnrenderedEmail, insertQueuedEmail, requireEmailLinkBase, saveEmailContent } from '../email/index.js';
import { deliverEmail } from '../email/index.js';
import type { EmailContent } from '../email/index.js';
import type { EmailRow } from '../email/index.js';
import { findLicenseById } from '../licenses/index.js';
import { recordActivity } from '../activities/index.js';
import {
  consumeToken,
  countTokensSince,
  deleteExpiredSessions,
  deleteSession,
  deleteTokensCreatedBefore,
  findLiveSession,
  hasPurchases,
  insertSession,
  insertToken,
  lockSignInAddress,
  normalizeEmail,
} from './account.repository.js';
import { renderSignInEmail, SIGN_IN_EMAIL_KIND } from './sign-in-email.js';
import { emailBrand, type EmailBrand } from '../storefront/index.js';
import type { Db } from '../../db/database.js';

const LINK_TTL_MS = SIGN_IN_LINK_TTL_MINUTES * 60_000;
const SESSION_TTL_MS = CUSTOMER_SESSION_DAYS * 86_400_000;
/** Used and expired tokens are kept a day (they still count toward the 15-minute limit), then deleted. */
const TOKEN_KEEP_MS = 86_400_000;
/**
 * Sign-in requests waiting for their database work. Each IP may add 10 a minute; past this many waiting,
 * new ones are dropped (logged) so a flood from many addresses cannot grow memory without bound. The
 * answer is 202 either way, as it must be (no enumeration).
 */
const MAX_QUEUED_REQUESTS = 1000;

/** The app's sign-in queue (ctx.signInWork, one per app: server/services.ts). */
export interface SignInWork {
  /** The requests' database work, one after another (the per-address count is exact anyway: queueSignInEmail). */
  chain: Promise<void>;
  queued: number;
  /** Deliveries under way (SMTP may take seconds; they run beside the chain). */
  deliveries: Set<Promise<void>>;
}

export const createSignInWork = (): SignInWork => ({ chain: Promise.resolve(), queued: 0, deliveries: new Set() });

/** `emailId` null: nothing was queued (the address's limit). */
function deliverInBackground(ctx: AppContext, emailId: number | null): void {
  if (emailId === null) return;
  const { deliveries } = ctx.signInWork;
  // deliverEmail never throws: a failure is recorded on the message and the e-mail retry loop sends it later.
  const delivery = deliverEmail(ctx, emailId).finally(() => deliveries.delete(delivery));
  deliveries.add(delivery);
}

/** Resolves once every queued sign-in request and delivery has finished (tests, and the app's close). */
export async function signInWorkSettled(ctx: AppContext): Promise<void> {
  const state = ctx.signInWork;
  await state.chain;
  await Promise.all([...state.deliveries]);
}

/**
 * Queues the work of a sign-in request and returns at once, so the answer takes the same time whether or
 * not the address bought anything (looking it up and writing the e-mail would otherwise show in the timing).
 * The link points at the shop's address (ctx.settings.emailLinkBase): never at this request's Host, which its
 * sender chooses, nor at any order's. Without an address the e-mail waits in the outbox (held).
 */
export function queueSignInRequest(ctx: AppContext, email: string): void {
  const state = ctx.signInWork;
  if (state.queued >= MAX_QUEUED_REQUESTS) {
    ctx.log.warn({ to: maskEmailAddress(email) }, 'sign-in request dropped: too many waiting');
    return;
  }
  state.queued += 1;
  state.chain = state.chain
    .then(() => handleSignInRequest(ctx, normalizeEmail(email)))
    .catch((error: unknown) => ctx.log.error({ err: error, to: maskEmailAddress(email) }, 'sign-in request failed'))
    .finally(() => {
      state.queued -= 1;
    });
}

async function handleSignInRequest(ctx: AppContext, email: string): Promise<void> {
  await deleteTokensCreatedBefore(ctx.db, new Date(Date.now() - TOKEN_KEEP_MS).toISOString());
  if (!(await hasPurchases(ctx.db, email))) return;
  deliverInBackground(ctx, await queueSignInEmail(ctx, email, { limited: true }));
}

/** A new sign-in token for `email` (its hash stored) and the message carrying its link. */
async function newSignInMessage(db: Db, email: string, baseUrl: string, brand: EmailBrand): Promise<EmailContent> {
  const token = randomToken();
  const now = new Date();
  await insertToken(db, {
    token_hash: sha256Hex(token),
    email,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + LINK_TTL_MS).toISOString(),
  });
  return renderSignInEmail({ signInUrl: `${baseUrl}${ACCOUNT_PAGES.signInLink(token)}`, brand });
}

/**
 * Stores a new token (its hash only) and the e-mail carrying it, in one transaction; answers the e-mail id,
 * or null when nothing was queued.
 * `limited`: the address may have SIGN_IN_LINKS_PER_ADDRESS links in SIGN_IN_LINK_TTL_MINUTES, counted in the
 * same transaction under a lock on the address, so the limit holds across instances (docs/rate-limits.md).
 * The message keeps the link in its text: the admin, who can see every licence anyway, may read it in the
 * outbox; logs never carry it (server/lib/redact.ts masks /account/sign-in/{token}). Without a shop address
 * the message is queued empty, with no token:
 * renderSignInEmailWhenHeld writes both when it can leave.
 */
async function queueSignInEmail(ctx: AppContext, email: string, options = { limited: false }): Promise<number | null> {
  const baseUrl = ctx.settings.emailLinkBase();
  const now = new Date();
  return unitOfWork(ctx, async ({ trx }) => {
    if (options.limited) {
      await lockSignInAddress(trx, email);
      const recent = await countTokensSince(trx, email, new Date(now.getTime() - LINK_TTL_MS).toISOString());
      if (recent >= SIGN_IN_LINKS_PER_ADDRESS) {
        ctx.log.info({ to: maskEmailAddress(email) }, `sign-in link not sent: ${recent} already sent in ${SIGN_IN_LINK_TTL_MINUTES} minutes`);
        return null;
      }
    }
    // A customer's repeated requests while the shop has no address: one held e-mail is enough (it gets a fresh link when it leaves).
    if (options.limited && !baseUrl && (await hasUnrenderedEmail(trx, { to: email, kind: SIGN_IN_EMAIL_KIND }))) return null;
    const content = baseUrl ? await newSignInMessage(trx, email, baseUrl, emailBrand(ctx.settings)) : null;
    const emailId = await insertQueuedEmail(trx, {
      to_address: email,
      kind: SIGN_IN_EMAIL_KIND,
      order_id: null,
      dedupe_key: null,
      created_at: now.toISOString(),
    });
    // The token is only stored hashed, so the outbox sends the message as stored: it is written now.
    if (content) await saveEmailContent(trx, emailId, content);
    return emailId;
  });
}

/**
 * The sign-in kind's renderer (ctx.emailRenderers): a message written when it was queued leaves as stored;
 * one queued while the shop had no address gets its token and link now (held until there is an address),
 * so the link it carries is fresh however long it waited.
 */
export async function renderSignInEmailWhenHeld(ctx: AppContext, email: EmailRow): Promise<EmailContent> {
  if (email.text !== '') return { subject: email.subject, text: email.text, html: email.html };
  return newSignInMessage(ctx.db, email.to_address, requireEmailLinkBase(ctx), emailBrand(ctx.settings));
}

/**
 * The admin's "send sign-in link" for a licence: the same e-mail, to the licence's customer, without the
 * per-address limit (the admin chose to send it), with the same link base. Answers the address it goes to.
 */
export async function sendSignInLinkForLicense(ctx: AppContext, licenseId: number): Promise<string> {
  const license = await findLicenseById(ctx.db, licenseId);
  if (!license) throw new AppError('NOT_FOUND', `License ${licenseId} was not found`);
  if (!license.customer_email) {
    throw new AppError('CONFLICT', `License ${licenseId} has no customer e-mail, so there is nobody to send a sign-in link to`);
  }
  const email = normalizeEmail(license.customer_email);
  deliverInBackground(ctx, await queueSignInEmail(ctx, email));
  return email;
}

/**
 * The same sign-in e-mail, queued inside the caller's transaction (the Customers page's action writes its activity
 * entry in the same one: server/modules/customers); deliver it after the commit with `deliverSignInEmail`.
 */
export async function queueSignInEmailIn(ctx: AppContext, trx: Transaction<DB>, email: string): Promise<number> {
  const baseUrl = ctx.settings.emailLinkBase();
  const address = normalizeEmail(email);
  const content = baseUrl ? await newSignInMessage(trx, address, baseUrl, emailBrand(ctx.settings)) : null;
  const emailId = await insertQueuedEmail(trx, { to_address: address, kind: SIGN_IN_EMAIL_KIND, order_id: null, dedupe_key: null, created_at: nowIso() });
  if (content) await saveEmailContent(trx, emailId, content);
  return emailId;
}

export const deliverSignInEmail = (ctx: AppContext, emailId: number): void => deliverInBackground(ctx, emailId);

export interface NewCustomerSession {
  /** The cookie value; only its SHA-256 is stored. */
  token: string;
  email: string;
  expiresAt: string;
}

/** Uses a sign-in token (once) and opens a session; null when the token is unknown, used or expired. */
export async function openCustomerSession(ctx: AppContext, signInToken: string): Promise<NewCustomerSession | null> {
  const now = new Date();
  const nowIso = now.toISOString();
  return unitOfWork(ctx, async ({ trx }) => {
    const email = await consumeToken(trx, sha256Hex(signInToken), nowIso);
    if (!email) return null;
    const token = randomToken();
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS).toISOString();
    await deleteExpiredSessions(trx, nowIso);
    await insertSession(trx, { token_hash: sha256Hex(token), email, created_at: nowIso, expires_at: expiresAt });
    // On the customer's timeline (docs/customers.md); an erase anonymises it with the rest of their entries.
    await recordActivity(trx, 'customer_signed_in', { email }, nowIso);
    return { token, email, expiresAt };
  });
}

export interface CustomerSession {
  email: string;
  expiresAt: string;
}

export async function findCustomerSession(ctx: AppContext, token: string | undefined): Promise<CustomerSession | null> {
  if (!token) return null;
  const row = await findLiveSession(ctx.db, sha256Hex(token), new Date().toISOString());
  return row ? { email: row.email, expiresAt: row.expires_at } : null;
}

export async function closeCustomerSession(ctx: AppContext, token: string | undefined): Promise<void> {
  if (token) await deleteSession(ctx.db, sha256Hex(token));
}
