// The fields EDD Software Licensing adds to its activate_license, check_license and deactivate_license answers
// (EDD_Software_Licensing::remote_license_activation, remote_license_check, remote_license_deactivation):
// `checksum` (get_request_checksum: md5 of json_encode of the request's decoded arguments, longest first), the
// `item_id` it was sent (absint, false when none), and, once the key is known, `payment_id`, `customer_name`,
// `customer_email` and `price_id` (docs/migrating.md).
import { createHash } from 'node:crypto';
import type { Database } from '../../db/database.js';
import type { EddPurchaseFields, EddRequest } from '../../../common/edd-compat.js';
import { findCustomerByEmail } from '../customers/index.js';
import { rawUrlDecode, urlDecode } from './sanitize-title.js';

type PhpArg = string | number | false;

/** PHP's empty() of a request field: absent, '' and '0' are empty. */
const phpEmpty = (value: string | undefined): value is undefined | '' | '0' => value === undefined || value === '' || value === '0';

/** PHP's absint(): the leading whole number, made positive; 0 when there is none. */
function absint(raw: string): number {
  const number = Number.parseInt(raw.trim(), 10);
  return Number.isFinite(number) ? Math.abs(number) : 0;
}

/** The `item_id` EDD reads and answers: `! empty( item_id ) ? absint( item_id ) : false`. */
export const requestItemId = (request: EddRequest): number | false => (phpEmpty(request.item_id) ? false : absint(request.item_id));

/** PHP's json_encode() of a list: `/` escaped and every character beyond ASCII as `\uXXXX`, as PHP writes them. */
export function phpJsonEncode(values: readonly PhpArg[]): string {
  return JSON.stringify(values).replace(/[\u0080-\uffff/]/g, (char) => (char === '/' ? '\\/' : `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

/** PHP's strlen() of an argument: UTF-8 bytes of text, the digits of a number, 0 for false. */
const phpLength = (value: PhpArg): number => (value === false ? 0 : typeof value === 'number' ? String(value).length : Buffer.byteLength(value));

/** get_request_checksum( $args ): the values sorted by length, longest first (a stable sort, as PHP 8's), as JSON, md5. */
export function requestChecksum(args: readonly PhpArg[]): string {
  const sorted = [...args].sort((a, b) => phpLength(b) - phpLength(a));
  return createHash('md5').update(phpJsonEncode(sorted)).digest('hex');
}

const itemNameArg = (request: EddRequest): PhpArg => (phpEmpty(request.item_name) ? false : rawUrlDecode(request.item_name));
const urlArg = (request: EddRequest): string => (request.url === undefined ? '' : urlDecode(request.url));
const environmentArg = (request: EddRequest): string => (phpEmpty(request.environment) ? 'production' : request.environment);

/** The arguments of each action in EDD's order (`$args` of its remote_license_* handler). */
export const activateChecksum = (request: EddRequest): string =>
  requestChecksum([
    itemNameArg(request),
    phpEmpty(request.license) ? false : urlDecode(request.license),
    urlArg(request),
    requestItemId(request),
    environmentArg(request),
  ]);

export const checkChecksum = (request: EddRequest): string =>
  requestChecksum([requestItemId(request), itemNameArg(request), request.license === undefined ? false : urlDecode(request.license), urlArg(request)]);

export const deactivateChecksum = (request: EddRequest): string =>
  requestChecksum([requestItemId(request), itemNameArg(request), urlDecode(request.license ?? ''), urlArg(request), environmentArg(request)]);

type Purchase = { order_id: number | null; customer_email: string | null; price_id: number | null };

/** The licence's order, buyer and price tier under EDD's names. */
export const toPurchaseFields = (row: Purchase, customerName: string | null | undefined): EddPurchaseFields => ({
  payment_id: row.order_id ?? 0,
  customer_name: customerName ?? '',
  customer_email: row.customer_email,
  price_id: row.price_id === null ? null : String(row.price_id),
});

/** The same, the buyer's name read through Kysely (the actions that are not the hot check). */
export async function purchaseFields(db: Database, row: Purchase): Promise<EddPurchaseFields> {
  const customer = row.customer_email ? await findCustomerByEmail(db, row.customer_email) : undefined;
  return toPurchaseFields(row, customer?.name);
}
