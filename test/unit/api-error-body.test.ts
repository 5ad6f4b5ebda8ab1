import { describe, expect, it } from 'vitest';
import { parseErrorBody } from '../../electron/core/api/error-body';
import { describeField } from '../../electron/core/api/field-labels';

const json = 'application/json';

describe('reading the service’s error bodies', () => {
  it('reads field → messages', () => {
    expect(parseErrorBody('{"file_content": ["Invalid base64."], "title": ["This field may not be blank."]}', json).fields).toEqual({
      file_content: ['Invalid base64.'],
      title: ['This field may not be blank.'],
    });
  });

  it('turns index-keyed list errors into field paths', () => {
    const body = parseErrorBody(
      JSON.stringify({
        signatures: { '0': { validations: ['This field is required.'] }, '2': { validations: { EM: ['Enter a valid email address.'] } } },
      }),
      json,
    );
    expect(body.fields).toEqual({
      'signatures.0.validations': ['This field is required.'],
      'signatures.2.validations.EM': ['Enter a valid email address.'],
    });
  });

  it('turns DRF list-serializer errors (a list of objects) into field paths', () => {
    const body = parseErrorBody(JSON.stringify({ signatures: [{}, { invite_channel: ['"XX" is not a valid choice.'] }] }), json);
    expect(body.fields).toEqual({ 'signatures.1.invite_channel': ['"XX" is not a valid choice.'] });
  });

  it('reads non_field_errors as about the request (or the nested object) as a whole', () => {
    const body = parseErrorBody(
      JSON.stringify({ non_field_errors: ['Document not found.'], signatures: { '0': { non_field_errors: ['Give EM or PH.'] } } }),
      json,
    );
    expect(body.general).toEqual(['Document not found.']);
    expect(body.fields).toEqual({ 'signatures.0': ['Give EM or PH.'] });
  });

  it('reads detail, and the first line of a plain-text answer', () => {
    expect(parseErrorBody('{"detail": "Invalid token."}', json).detail).toBe('Invalid token.');
    expect(parseErrorBody('Bad Request\nmore', 'text/plain').detail).toBe('Bad Request');
  });

  it('shows nothing of an HTML error page, nor of broken JSON', () => {
    expect(parseErrorBody('<!DOCTYPE html><html><body><h1>Server Error (500)</h1></body></html>', 'text/html')).toEqual({
      detail: null,
      general: [],
      fields: {},
    });
    expect(parseErrorBody('<html>oops</html>', undefined).detail).toBeNull();
    expect(parseErrorBody('{"detail": ', json).detail).toBeNull();
  });
});

describe('field names in plain words', () => {
  it('names signers by their position and validations by what they check', () => {
    expect(describeField('signatures.0.validations.EM')).toBe('Signer 1, e-mail');
    expect(describeField('signatures.2.validations')).toBe('Signer 3, validations');
    expect(describeField('file_content')).toBe('PDF file');
    expect(describeField('cancel_reason')).toBe('Cancellation reason');
    expect(describeField('custom_signature.validations.PH')).toBe('New signature, phone');
    expect(describeField('some_new_field')).toBe('Some new field');
  });
});
