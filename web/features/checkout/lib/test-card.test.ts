import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES, cardErrorsFromServer, checkTestCard, normalizeExpiry } from './test-card';

const now = new Date(2026, 4, 15); // 15 May 2026
const good = { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

describe('the test card form checks', () => {
  it('accepts a good card, this month included', () => {
    expect(checkTestCard(good, now)).toEqual({});
    expect(checkTestCard({ ...good, expiry: '05/26', cvc: '1234' }, now)).toEqual({});
    expect(checkTestCard({ ...good, expiry: '0530' }, now)).toEqual({});
  });

  it('names each empty field in plain words', () => {
    expect(checkTestCard({ cardNumber: '', expiry: ' ', cvc: '' }, now)).toEqual({
      cardNumber: CARD_MESSAGES.cardNumberMissing,
      expiry: CARD_MESSAGES.expiryMissing,
      cvc: CARD_MESSAGES.cvcMissing,
    });
  });

  it('refuses a short card number, a malformed or past expiry and a bad CVC', () => {
    expect(checkTestCard({ cardNumber: '4242', expiry: '13/30', cvc: '12' }, now)).toEqual({
      cardNumber: CARD_MESSAGES.cardNumberInvalid,
      expiry: CARD_MESSAGES.expiryInvalid,
      cvc: CARD_MESSAGES.cvcInvalid,
    });
    expect(checkTestCard({ ...good, expiry: '04/26' }, now)).toEqual({ expiry: CARD_MESSAGES.expiryPast });
    expect(checkTestCard({ ...good, expiry: '12/25' }, now)).toEqual({ expiry: CARD_MESSAGES.expiryPast });
    // What the pre-filled field used to become when typed into.
    expect(checkTestCard({ ...good, expiry: '12/3412/30', cvc: '123456' }, now)).toEqual({
      expiry: CARD_MESSAGES.expiryInvalid,
      cvc: CARD_MESSAGES.cvcInvalid,
    });
  });

  it('normalises the expiry to MM/YY', () => {
    expect(normalizeExpiry('1230')).toBe('12/30');
    expect(normalizeExpiry(' 1 / 30 ')).toBe('01/30');
    expect(normalizeExpiry('00/30')).toBeNull();
    expect(normalizeExpiry('12/2030')).toBeNull();
  });

  it("maps a 400's fields to the form's words, never the server's", () => {
    expect(cardErrorsFromServer({ expiry: 'expiry must be MM/YY', clientSecret: 'clientSecret is required' })).toEqual({
      expiry: CARD_MESSAGES.expiryInvalid,
    });
    expect(cardErrorsFromServer({ clientSecret: 'clientSecret is required' })).toEqual({});
  });
});
