// Spec §8 error toast text: bold translated title, one line per message, 'unknown error' when empty.
import { describe, expect, it } from 'vitest';
import { errorToastText } from '../../src/app/api/toast-text';
import type { Translator } from '../../src/app/api/toast-text';

const texts: Record<string, string> = {
  'errors.title': 'Error',
  'errors.unknown': 'unknown error',
  'errors.exceptions.BadRequest': 'Invalid request',
  'errors.codes.max_length': 'Too long, max {{max}}',
  'errors.codes.IPNotAllowed': 'Access not allowed from this IP address',
};
const tr: Translator = {
  exists: (k) => k in texts,
  t: (k, p) => (texts[k] ?? k).replace(/\{\{(\w+)\}\}/g, (_, n: string) => String(p?.[n] ?? '')),
};

describe('errorToastText', () => {
  it('translates the title from the error code, else uses the generic title', () => {
    expect(errorToastText({ error: 'BadRequest', error_message: [] }, tr, true).title).toBe(
      'Invalid request',
    );
    expect(errorToastText({ error: 'Whatever', error_message: [] }, tr, true).title).toBe('Error');
  });

  it('an empty list reads unknown error', () => {
    expect(errorToastText({ error: 'BadRequest', error_message: [] }, tr, true).lines).toEqual([
      'unknown error',
    ]);
    expect(errorToastText({}, tr, true).lines).toEqual(['unknown error']);
  });

  it('one line per item: translated code with params, else the item text', () => {
    const lines = errorToastText(
      {
        error: 'BadRequest',
        error_message: [
          { code: 'max_length', params: { max: 32 }, error_message: 'server text' },
          { code: 'no_translation', params: {}, error_message: 'As the server says' },
        ],
      },
      tr,
      true,
    ).lines;
    expect(lines).toEqual(['Too long, max 32', 'As the server says']);
  });

  it('a string message is one line, translated when it is a known code', () => {
    expect(errorToastText({ error_message: 'IPNotAllowed' }, tr, false).lines).toEqual([
      'Access not allowed from this IP address',
    ]);
    expect(errorToastText({ error_message: 'Plain words' }, tr, false).lines).toEqual(['Plain words']);
  });
});
