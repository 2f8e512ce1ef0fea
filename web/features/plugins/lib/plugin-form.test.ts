import { describe, expect, it } from 'vitest';
import { EDD_ITEM_ID_MESSAGE, PLUGIN_SLUG_MESSAGE } from '@common/plugin-admin';
import { checkCreate, checkEdit, EMPTY_PLUGIN_FORM, moveFaq, newFaqDraft, slugFromName, toLines } from './plugin-form';

describe('plugin form', () => {
  it.each([
    ['Stock Alerts', 'stock-alerts'],
    ['  Café Orders & Notes!  ', 'cafe-orders-notes'],
    ['WooCommerce 2FA', 'woocommerce-2fa'],
    ['---', ''],
    [`${'a'.repeat(99)} b`, 'a'.repeat(99)],
  ])('suggests the slug of %j as %j', (name, slug) => {
    expect(slugFromName(name)).toBe(slug);
  });

  it('sends the EDD item fields on edit only, checked by the server schema', () => {
    const values = { ...EMPTY_PLUGIN_FORM, slug: 'my-plugin', name: 'My Plugin', edd_item_id: ' 4242 ', edd_item_name: 'My Plugin (EDD)' };
    expect(checkEdit(values)).toMatchObject({ ok: true, payload: { edd_item_id: 4242, edd_item_name: 'My Plugin (EDD)' } });
    expect(checkEdit({ ...values, edd_item_id: '', edd_item_name: ' ' })).toMatchObject({ ok: true, payload: { edd_item_id: null, edd_item_name: null } });
    expect(checkEdit({ ...values, edd_item_id: '12x' })).toEqual({ ok: false, errors: { edd_item_id: EDD_ITEM_ID_MESSAGE } });
    expect(checkCreate(values)).toMatchObject({ ok: true });
  });

  it('reads one list item per line, dropping blank lines', () => {
    expect(toLines(' One \n\n  \nTwo\n')).toEqual(['One', 'Two']);
  });

  it('answers the server schema messages per field', () => {
    const checked = checkCreate({ ...EMPTY_PLUGIN_FORM, slug: 'Bad Slug', name: ' ', homepage: 'example.com' });
    expect(checked).toEqual({
      ok: false,
      errors: {
        slug: PLUGIN_SLUG_MESSAGE,
        name: 'Name is required',
        homepage: 'Homepage must be a full web address starting with https:// (or leave it empty)',
      },
    });
  });

  it('sends empty optional texts as null and lists as arrays', () => {
    const checked = checkEdit({ ...EMPTY_PLUGIN_FORM, slug: 'ok', name: 'Ok', features: 'A\nB', homepage: '  ' });
    expect(checked).toMatchObject({ ok: true, payload: { slug: 'ok', features: ['A', 'B'], homepage: null, author: null } });
  });
});

describe('plugin form FAQ', () => {
  const base = { ...EMPTY_PLUGIN_FORM, slug: 'my-plugin', name: 'My Plugin' };

  it('sends the FAQ in its order, dropping wholly empty entries, and the use cases one per line', () => {
    const values = {
      ...base,
      use_cases: 'Florists\n\nBakeries',
      faq: [newFaqDraft('Multisite?', 'Yes.'), newFaqDraft(' ', ''), newFaqDraft('Refunds?', '30 days.')],
    };
    expect(checkEdit(values)).toMatchObject({
      ok: true,
      payload: {
        use_cases: ['Florists', 'Bakeries'],
        faq: [
          { question: 'Multisite?', answer: 'Yes.' },
          { question: 'Refunds?', answer: '30 days.' },
        ],
      },
    });
  });

  it('names the entry of a problem, with the server schema message', () => {
    const checked = checkEdit({ ...base, faq: [newFaqDraft('Fine?', 'Yes.'), newFaqDraft('No answer?', '')] });
    expect(checked).toEqual({ ok: false, errors: { faq: 'Question 2: FAQ answers cannot be empty: write the answer or remove the question' } });
  });

  it('moves an entry up or down, and leaves the list as it is at an end', () => {
    const [a, b, c] = [newFaqDraft('A', '1'), newFaqDraft('B', '2'), newFaqDraft('C', '3')];
    expect(moveFaq([a, b, c], 2, -1).map((entry) => entry.question)).toEqual(['A', 'C', 'B']);
    expect(moveFaq([a, b, c], 0, 1).map((entry) => entry.question)).toEqual(['B', 'A', 'C']);
    expect(moveFaq([a, b, c], 0, -1).map((entry) => entry.question)).toEqual(['A', 'B', 'C']);
    expect(moveFaq([a, b, c], 2, 1).map((entry) => entry.question)).toEqual(['A', 'B', 'C']);
  });
});
