// Which §5 rules each form applies. The rules themselves live in src/domain/format/validation.ts
// and return message keys; screens translate them with t(key, params).
import {
  type ValidationError,
  validateEmail,
  validatePasswordConfirmation,
  validateText,
} from '../../domain/format/validation';

/** Minimum password length of the server contract (src/api/common.ts Password). */
export const PASSWORD_MIN_LENGTH = 8;
/**
 * Secret question and answer are free texts in the contract (Text: up to 200 characters, only
 * control characters refused), so a question may end with "?" although names may not contain it.
 */
const FREE_TEXT_MAX = 200;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

function validateFreeText(value: string, required: 'security_question' | 'answer'): FieldError | null {
  if (value.trim() === '') return { key: `validation.required.${required}` };
  if (CONTROL_CHARACTERS.test(value)) return { key: 'validation.prohibited_characters' };
  if (value.trim().length > FREE_TEXT_MAX)
    return { key: 'validation.max_length', params: { max: FREE_TEXT_MAX } };
  return null;
}

export type FieldError = ValidationError | { key: string; params?: Record<string, string | number> };
export type FormErrors<F extends string> = Partial<Record<F, FieldError>>;

export function hasErrors(errors: FormErrors<string>): boolean {
  return Object.values(errors).some(Boolean);
}

function put<F extends string>(errors: FormErrors<F>, field: F, error: FieldError | null): void {
  if (error) errors[field] = error;
}

export function validatePassword(value: string): FieldError | null {
  if (value === '') return { key: 'validation.required.password' };
  if (value.length < PASSWORD_MIN_LENGTH)
    return { key: 'validation.min_length', params: { min: PASSWORD_MIN_LENGTH } };
  return null;
}

export function validateLoginForm(v: { login: string; password: string }): FormErrors<'login' | 'password'> {
  const errors: FormErrors<'login' | 'password'> = {};
  if (v.login.trim() === '') errors.login = { key: 'validation.required.login' };
  if (v.password === '') errors.password = { key: 'validation.required.password' };
  return errors;
}

export interface RegistrationValues {
  login: string;
  email: string;
  first_name: string;
  last_name: string;
  password: string;
  password_confirmation: string;
  secret_question: string;
  answer: string;
}

export type RegistrationField = keyof RegistrationValues;

export function validateRegistration(v: RegistrationValues): FormErrors<RegistrationField> {
  const e: FormErrors<RegistrationField> = {};
  put(e, 'login', validateText(v.login, { required: 'login' }));
  put(e, 'email', validateEmail(v.email));
  put(e, 'first_name', validateText(v.first_name, { required: 'first_name' }));
  put(e, 'last_name', validateText(v.last_name, { required: 'last_name' }));
  put(e, 'password', validatePassword(v.password));
  put(e, 'password_confirmation', validatePasswordConfirmation(v.password, v.password_confirmation, 'form'));
  put(e, 'secret_question', validateFreeText(v.secret_question, 'security_question'));
  put(e, 'answer', validateFreeText(v.answer, 'answer'));
  return e;
}

/** The confirmation field while typing: 'Password mismatch'. */
export function confirmationFieldError(password: string, confirmation: string): FieldError | null {
  return validatePasswordConfirmation(password, confirmation, 'field');
}

export function validateNewPassword(v: {
  password: string;
  password_confirmation: string;
}): FormErrors<'password' | 'password_confirmation'> {
  const e: FormErrors<'password' | 'password_confirmation'> = {};
  put(e, 'password', validatePassword(v.password));
  put(e, 'password_confirmation', validatePasswordConfirmation(v.password, v.password_confirmation, 'form'));
  return e;
}

export function validateSpaceName(name: string): FieldError | null {
  return validateText(name, { required: 'space_name' });
}

/** Names of facilities, projects, schedules and version labels. */
export function validateNodeName(name: string): FieldError | null {
  if (name.trim() === '') return { key: 'validation.required.name' };
  return validateText(name);
}

export function validateAnswer(answer: string): FieldError | null {
  return validateFreeText(answer, 'answer');
}

export function validateLoginName(login: string): FieldError | null {
  return validateText(login, { required: 'login', maxLength: 254 });
}
