// The test card form's checks (web/features/checkout/components/test-card-form.tsx): each problem in plain words,
// shown beside its field, before anything is sent; a 400 from the server is mapped to the same words.

export type CardField = 'cardNumber' | 'expiry' | 'cvc';
export type CardErrors = Partial<Record<CardField, string>>;
export interface CardInput {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export const CARD_MESSAGES = {
  cardNumberMissing: 'Enter the card number.',
  cardNumberInvalid: 'The card number should be 12 to 19 digits, such as 4242 4242 4242 4242.',
  expiryMissing: 'Enter the expiry date as MM/YY.',
  expiryInvalid: 'Enter the expiry date as MM/YY, for example 12/30.',
  expiryPast: 'This expiry date has passed. Enter a month and year that are not in the past.',
  cvcMissing: 'Enter the security code (CVC).',
  cvcInvalid: 'The security code (CVC) should be 3 or 4 digits.',
} as const;

/** The card number's digits (spaces and dashes dropped). */
export const cardDigits = (value: string): string => value.replace(/[\s-]/g, '');

/** `MM/YY` from what was typed (`12/30`, `12 / 30`, `1230`), or null when it is not a month and a two-digit year. */
export function normalizeExpiry(value: string): string | null {
  const match = /^(\d{1,2})\s*\/?\s*(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return `${String(month).padStart(2, '0')}/${match[2]}`;
}

/** The problems of a card, by field; empty when it may be sent. A card is valid to the end of its expiry month. */
export function checkTestCard(input: CardInput, now: Date = new Date()): CardErrors {
  const errors: CardErrors = {};
  const digits = cardDigits(input.cardNumber);
  if (digits === '') errors.cardNumber = CARD_MESSAGES.cardNumberMissing;
  else if (!/^\d{12,19}$/.test(digits)) errors.cardNumber = CARD_MESSAGES.cardNumberInvalid;

  const expiry = normalizeExpiry(input.expiry);
  if (input.expiry.trim() === '') errors.expiry = CARD_MESSAGES.expiryMissing;
  else if (!expiry) errors.expiry = CARD_MESSAGES.expiryInvalid;
  else {
    const [month, year] = expiry.split('/').map(Number) as [number, number];
    const thisYear = now.getFullYear() % 100;
    if (year < thisYear || (year === thisYear && month < now.getMonth() + 1)) errors.expiry = CARD_MESSAGES.expiryPast;
  }

  const cvc = input.cvc.trim();
  if (cvc === '') errors.cvc = CARD_MESSAGES.cvcMissing;
  else if (!/^\d{3,4}$/.test(cvc)) errors.cvc = CARD_MESSAGES.cvcInvalid;
  return errors;
}

const SERVER_FIELD_MESSAGES: Record<CardField, string> = {
  cardNumber: CARD_MESSAGES.cardNumberInvalid,
  expiry: CARD_MESSAGES.expiryInvalid,
  cvc: CARD_MESSAGES.cvcInvalid,
};

/** A 400's problems (ApiError.fieldErrors, keyed by the body's field names) in the form's plain words. */
export function cardErrorsFromServer(fields: Record<string, string>): CardErrors {
  const errors: CardErrors = {};
  for (const field of Object.keys(SERVER_FIELD_MESSAGES) as CardField[]) {
    if (fields[field] !== undefined) errors[field] = SERVER_FIELD_MESSAGES[field];
  }
  return errors;
}
