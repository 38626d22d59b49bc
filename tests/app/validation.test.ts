// Form validation wiring (spec §5): the forms' rules and the exact English texts of en.json.
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { validationMessagesEn } from '../../src/domain/format/validation';
import {
  confirmationFieldError,
  validateLoginForm,
  validateNodeName,
  validateRegistration,
  validateSpaceName,
} from '../../src/app/forms/rules';
import en from '../../src/i18n/en.json';
import ru from '../../src/i18n/ru.json';

beforeAll(async () => {
  await i18next.init({
    resources: { en: { translation: en } },
    lng: 'en',
    interpolation: { escapeValue: false },
  });
});

const text = (e: { key: string; params?: Record<string, unknown> } | null | undefined) =>
  e ? i18next.t(e.key, e.params ?? {}) : null;

const valid = {
  login: 'ivan',
  email: 'ivan@example.com',
  first_name: 'Ivan',
  last_name: 'Petrov',
  password: 'password-1',
  password_confirmation: 'password-1',
  secret_question: 'First bridge?',
  answer: 'Oka',
};

describe('validation texts', () => {
  it('en.json has every domain key with the spec text', () => {
    for (const [key, message] of Object.entries(validationMessagesEn)) {
      expect(i18next.t(key, { max: 32 })).toBe(message.replace('{{max}}', '32'));
    }
  });

  it('the exact spec messages', () => {
    expect(text(validateNodeName('a'.repeat(33)))).toBe(
      'The field exceeds the maximum line length - 32 characters',
    );
    expect(text(validateNodeName('bad<name>'))).toBe('The field contains prohibited characters');
    expect(text(confirmationFieldError('abcdefgh', 'abcdefgX'))).toBe('Password mismatch');
    expect(
      text(validateRegistration({ ...valid, password_confirmation: 'other-pass' }).password_confirmation),
    ).toBe('Passwords did not similar');
    expect(text(validateRegistration({ ...valid, email: 'not-an-email' }).email)).toBe('Invalid email');
  });
});

describe('form rules', () => {
  it('a valid registration has no errors', () => {
    expect(validateRegistration(valid)).toEqual({});
  });

  it('required prompts of the registration', () => {
    const e = validateRegistration({
      login: '',
      email: '',
      first_name: ' ',
      last_name: '',
      password: 'password-1',
      password_confirmation: 'password-1',
      secret_question: '',
      answer: '',
    });
    expect(Object.keys(e).sort()).toEqual([
      'answer',
      'email',
      'first_name',
      'last_name',
      'login',
      'secret_question',
    ]);
    expect(e.secret_question?.key).toBe('validation.required.security_question');
  });

  it('space name is required and at most 32 characters', () => {
    expect(validateSpaceName('')?.key).toBe('validation.required.space_name');
    expect(validateSpaceName('x'.repeat(32))).toBeNull();
    expect(validateSpaceName('x'.repeat(33))?.key).toBe('validation.max_length');
  });

  it('login form asks for login and password', () => {
    expect(Object.keys(validateLoginForm({ login: '', password: '' }))).toEqual(['login', 'password']);
  });
});

describe('translations', () => {
  const keys = (o: object, prefix = ''): string[] =>
    Object.entries(o).flatMap(([k, v]) =>
      typeof v === 'object' && v ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
    );

  it('ru has exactly the keys of en', () => {
    expect(keys(ru).sort()).toEqual(keys(en).sort());
  });
});
