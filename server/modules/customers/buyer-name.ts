// The buyer's name on the EDD check_license hot path (server/modules/edd-compat): read in the licence's own
// validation statement (server/modules/licenses/validation-reader.ts, its `extend`), so a check is one statement and
// one round trip on PostgreSQL, not the licence's and then the name's (bench/README.md, issue 44, session 17).
// Addresses are kept lower-cased in `customers` (customer-summary.repository.ts); the licence's is as the buyer typed it.

// On SQLite the licence's row of `license_checks` holds the name already, kept by triggers on customers (0092,
// docs/big-shop.md "One B-tree a check"), and the lookup reads it: nothing is added there.

/** The validation lookup's text with the buyer's name as one more column, `customer_name` (null: no such customer or no name). */
export const withBuyerName = (lookupText: string, sqlite: boolean): string =>
  sqlite ? lookupText : `select v.*, c.name as customer_name from (${lookupText}) v left join customers c on c.email = lower(v.customer_email)`;
