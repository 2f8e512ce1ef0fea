import { describe, expect, it } from 'vitest';
import { validateResponseSchema, type ValidateResponse } from '../../common/licenses.js';
import { fastSerializerCompiler } from './fast-serializer.js';

describe('fastSerializerCompiler', () => {
  const serialize = fastSerializerCompiler({ schema: validateResponseSchema });
  const license = {
    key: '8022-****-****-****-ABCD',
    status: 'active',
    plan: 'pro_yearly',
    plugin_slug: 'postcode-delivery-zones',
    max_activations: 3,
    activations_used: 1,
    activations_left: 2,
    expires_at: '2027-11-22T00:00:00.000Z',
  } as const;

  it.each<[string, ValidateResponse]>([
    ['a valid licence', { valid: true, code: 'VALID', detail: 'The license is valid.', license: license }],
    ['a lifetime licence', { valid: true, code: 'VALID', detail: 'The license is valid.', license: { ...license, plan: 'lifetime', expires_at: null } }],
    ['no licence', { valid: false, code: 'NOT_FOUND', detail: 'No license exists with this key.', license: null }],
  ])('writes %s exactly as JSON.stringify of the schema output', (_name, value) => {
    expect(JSON.parse(serialize(value))).toEqual(validateResponseSchema.parse(value));
  });

  it('leaves out what the schema does not name', () => {
    const value = { valid: false, code: 'NOT_FOUND', detail: 'x', license: null, secret: 'never sent' };
    expect(serialize(value)).not.toContain('never sent');
  });
});
