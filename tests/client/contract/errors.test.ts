import { readErrorBody } from '@common/contract/errors';
import { describe, expect, it } from 'vitest';

describe('reading an error answer', () => {
  it('reads the error body, with or without a field', () => {
    expect(readErrorBody({ code: 'event_full', message: 'Complet', field: null })).toEqual({
      code: 'event_full',
      message: 'Complet',
      field: null,
    });
    expect(readErrorBody({ code: 'invalid_input', message: 'x', field: 'email' })?.field).toBe('email');
    // The outbox keeps refusals as {code, message}.
    expect(readErrorBody({ code: 'stuff_locked', message: '' })).toEqual({
      code: 'stuff_locked',
      message: '',
      field: null,
    });
  });

  it('is null for anything else', () => {
    for (const body of [
      null,
      'event_full',
      42,
      [],
      { code: 1, message: 'x' },
      { code: 'x' },
      { code: 'x', message: 'y', field: 3 },
    ]) {
      expect(readErrorBody(body), JSON.stringify(body)).toBeNull();
    }
  });
});
