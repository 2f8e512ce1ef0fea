import type { Readable } from 'node:stream';
import { readStoreIdentity, STORE_IDENTITY_KEY, type StoreIdentity, type StoreIdentityUpdate } from '../../../common/store-identity.js';
import type { Spelling } from '../../../common/store-terms.js';
import type { AppContext } from '../../kernel/context.js';
import { ImageStorage, MEDIA_PREFIX } from '../images/index.js';
import type { SettingsService } from '../settings/index.js';
import type { MailSender } from '../email/index.js';

// The vendor's store identity (docs/storefront.md, "Store identity"): one settings value, so it is cached,
// refreshed across instances like every setting and changes without a restart.

/** The stored files of the logo (generated name, extension, variant widths), to delete them when it is replaced. */
const STORE_LOGO_FILE_KEY = 'store_logo_file';

interface LogoFile {
  name: string;
  ext: string;
  variantWidths: number[];
}

export function storeIdentity(settings: SettingsService): StoreIdentity {
  return readStoreIdentity(settings.getInternal(STORE_IDENTITY_KEY));
}

/** Applies `patch` (already validated by storeIdentityUpdateSchema): blank texts clear a field. */
export async function updateStoreIdentity(ctx: AppContext, patch: StoreIdentityUpdate): Promise<StoreIdentity> {
  const next: StoreIdentity = { ...storeIdentity(ctx.settings) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    (next as unknown as Record<string, unknown>)[key] = (key === 'support_email' || key === 'accent_color') && value === '' ? null : value;
  }
  await ctx.settings.setInternal({ [STORE_IDENTITY_KEY]: next });
  return next;
}

const storedLogoFile = (ctx: AppContext): LogoFile | null => {
  const stored = ctx.settings.getInternal(STORE_LOGO_FILE_KEY) as Partial<LogoFile> | null | undefined;
  return stored && typeof stored.name === 'string' && typeof stored.ext === 'string' && Array.isArray(stored.variantWidths) ? (stored as LogoFile) : null;
};

/**
 * Stores `file` through the images pipeline (checked by its bytes, 5 MB at most, re-encoded: 413 and 415 come
 * from there) as the store's logo, then removes the previous logo's files.
 */
export async function replaceStoreLogo(ctx: AppContext, file: Readable & { truncated?: boolean }): Promise<StoreIdentity> {
  const storage = ctx.images.storage;
  const stored = await storage.store(file);
  const previous = storedLogoFile(ctx);
  const logo = { url: `${MEDIA_PREFIX}${ImageStorage.originalFile(stored.name, stored.ext)}`, width: stored.width, height: stored.height };
  const next = { ...storeIdentity(ctx.settings), logo };
  await ctx.settings.setInternal({
    [STORE_IDENTITY_KEY]: next,
    [STORE_LOGO_FILE_KEY]: { name: stored.name, ext: stored.ext, variantWidths: stored.variantWidths },
  });
  await removeLogoFiles(ctx, previous);
  return next;
}

export async function deleteStoreLogo(ctx: AppContext): Promise<StoreIdentity> {
  const previous = storedLogoFile(ctx);
  const next = { ...storeIdentity(ctx.settings), logo: null };
  await ctx.settings.setInternal({ [STORE_IDENTITY_KEY]: next, [STORE_LOGO_FILE_KEY]: null });
  await removeLogoFiles(ctx, previous);
  return next;
}

async function removeLogoFiles(ctx: AppContext, file: LogoFile | null): Promise<void> {
  if (!file) return;
  // After the settings write: the identity never points at files already gone. A failure leaves files, logged.
  await ctx.images.storage.remove(file.name, file.ext, file.variantWidths).catch((error: unknown) => {
    ctx.log.error({ err: error, name: file.name }, "The replaced store logo's files could not be removed");
  });
}

/** What e-mails name and sign with: the store's name, its support address when set, and the signature lines. */
export interface EmailBrand {
  storeName: string;
  supportEmail: string | null;
  /** The store's name, then its legal name, address and VAT number where given. */
  signature: string[];
  /** The vendor's answer time ("within one working day"; '' promises none) and spelling (common/store-terms.ts). */
  supportPromise: string;
  spelling: Spelling;
}

export const emailBrand = (settings: SettingsService): EmailBrand => {
  const identity = storeIdentity(settings);
  const legal = [identity.legal_name, identity.legal_address.replace(/\s*\n\s*/g, ', '), identity.vat_number ? `VAT ${identity.vat_number}` : ''].filter(
    (line) => line !== '' && line !== identity.store_name,
  );
  return {
    storeName: identity.store_name,
    supportEmail: identity.support_email,
    signature: [identity.store_name, ...legal],
    supportPromise: identity.support_promise,
    spelling: identity.spelling,
  };
};

/** The sender name of outgoing e-mail: the store's name (the address stays MAIL_FROM's). */
/** The shop's e-mail sender: the store's name and support address (server/modules/email/mail-transport.ts). */
export const mailSender = (settings: SettingsService): MailSender => {
  const identity = storeIdentity(settings);
  return { name: identity.store_name, address: identity.support_email };
};
