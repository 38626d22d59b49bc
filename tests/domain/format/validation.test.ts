import { describe, expect, it } from 'vitest';
import {
  formatValidationMessage,
  validateEmail,
  validatePasswordConfirmation,
  validateText,
  validationMessagesEn,
} from '../../../src/domain/format/validation';

describe('validateText', () => {
  it('accepts a normal name and counts code points', () => {
    expect(validateText('Корпус 1, этап 2')).toBeNull();
    expect(validateText('😀'.repeat(32))).toBeNull();
    expect(validateText('😀'.repeat(33))).toEqual({ key: 'validation.max_length', params: { max: 32 } });
  });
  it('gives the required prompt per field, and nothing for optional empty fields', () => {
    expect(validateText('  ', { required: 'space_name' })).toEqual({ key: 'validation.required.space_name' });
    expect(validateText('')).toBeNull();
  });
  it.each(['a<b', 'a>b', 'a/b', 'a\\b', 'a|b', 'a:b', 'a*b', 'a?b', 'a"b', 'a\tb', 'a\nb', 'a\u202eb'])(
    'refuses prohibited characters in %j',
    (v) => expect(validateText(v)?.key).toBe('validation.prohibited_characters'),
  );
  it('checks the 32-character limit with the exact spec text', () => {
    const e = validateText('x'.repeat(33));
    expect(e).toEqual({ key: 'validation.max_length', params: { max: 32 } });
    expect(formatValidationMessage(e!)).toBe('The field exceeds the maximum line length - 32 characters');
    expect(validateText('x'.repeat(32))).toBeNull();
  });
});

describe('validateEmail', () => {
  it.each(['a@b.co', 'first.last+tag@mail.example.com', 'иван@почта.рф'])('accepts %s', (v) =>
    expect(validateEmail(v)).toBeNull(),
  );
  it.each(['a', 'a@b', 'a@@b.com', 'a b@c.com', 'a@b..com', 'a@-b.com', 'a@b.c'])('refuses %s', (v) =>
    expect(validateEmail(v)).toEqual({ key: 'validation.invalid_email' }),
  );
  it('prompts when empty', () => expect(validateEmail('')).toEqual({ key: 'validation.required.email' }));
});

describe('validatePasswordConfirmation', () => {
  it('uses the field message while typing and the form message on submit', () => {
    expect(validatePasswordConfirmation('abc', '')).toBeNull();
    expect(validatePasswordConfirmation('abc', 'abd')?.key).toBe('validation.password_mismatch');
    expect(validatePasswordConfirmation('abc', '', 'form')?.key).toBe('validation.passwords_not_similar');
    expect(validatePasswordConfirmation('abc', 'abc', 'form')).toBeNull();
  });
});

describe('validationMessagesEn', () => {
  it('holds the exact spec texts', () => {
    const texts = Object.values(validationMessagesEn);
    for (const t of [
      'The field contains prohibited characters',
      'Password mismatch',
      'Passwords did not similar',
      'Invalid email',
    ]) {
      expect(texts).toContain(t);
    }
  });
});
