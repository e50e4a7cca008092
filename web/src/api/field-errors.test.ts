import { describe, expect, it } from 'vitest';
import { ApiError } from './client';
import { fieldErrors } from './field-errors';

const FIELDS = ['name', 'expiresAt', 'scopes'] as const;

describe("a failed save's messages by field", () => {
  it("puts a 400's issues beside the body fields they name (snake_case on the wire), the first message of each", () => {
    const error = new ApiError(
      400,
      [
        { loc: ['body', 'expires_at'], msg: 'Choose a date in the future.', type: 'custom' },
        { loc: ['body', 'scopes', 0], msg: 'Choose at least one scope.', type: 'too_small' },
        { loc: ['body', 'scopes'], msg: 'A second message.', type: 'custom' },
      ],
      'validation_error',
    );
    expect(fieldErrors(error, FIELDS, 'Unable to save.')).toEqual({
      fields: { expiresAt: 'Choose a date in the future.', scopes: 'Choose at least one scope.' },
      form: null,
    });
  });

  it('keeps issues that name no field of the form for the form itself', () => {
    const error = new ApiError(
      400,
      [
        { loc: ['path', 'company_id'], msg: 'Not an id.', type: 'custom' },
        { loc: ['body', 'colour'], msg: 'Unknown key.', type: 'unrecognized_keys' },
        { loc: ['body', 'name'], msg: 'Name the key.', type: 'too_small' },
      ],
      'validation_error',
    );
    expect(fieldErrors(error, FIELDS, 'Unable to save.')).toEqual({ fields: { name: 'Name the key.' }, form: 'Not an id. Unknown key.' });
  });

  it("shows a string detail as the form's message, and the fallback for a server error or no connection", () => {
    expect(fieldErrors(new ApiError(409, 'Already revoked.', 'conflict'), FIELDS, 'Unable to save.')).toEqual({
      fields: {},
      form: 'Already revoked.',
    });
    expect(fieldErrors(new ApiError(500, 'boom', 'internal'), FIELDS, 'Unable to save.')).toEqual({ fields: {}, form: 'Unable to save.' });
    expect(fieldErrors(new TypeError('offline'), FIELDS, 'Unable to save.')).toEqual({ fields: {}, form: 'Unable to save.' });
  });
});
