// Text-field validation of spec §5. Functions return message KEYS with params, never texts: the
// client owns the i18n files and copies `validationMessagesEn` into en.json; the server reuses the
// same keys in its error lists ({code, params, error_message}).

/** Spec §9: text field maximum length. */
export const TEXT_MAX_LENGTH = 32;

export type ValidationKey =
  | 'validation.prohibited_characters'
  | 'validation.max_length'
  | 'validation.password_mismatch'
  | 'validation.passwords_not_similar'
  | 'validation.invalid_email'
  | 'validation.invalid_date'
  | 'validation.invalid_number'
  | 'validation.invalid_duration'
  | 'validation.integer_only'
  | `validation.required.${RequiredField}`;

export interface ValidationError {
  key: ValidationKey;
  params?: Record<string, string | number>;
}

/** Fields with a required prompt (spec §5). */
export type RequiredField =
  'space_name' | 'security_question' | 'answer' | 'email' | 'login' | 'last_name' | 'first_name';

/**
 * Exact English texts of the spec; the required prompts are ours (the spec names the fields only).
 * 'Password mismatch' is the field-level message under the confirmation input (shown as the user
 * types or leaves the field); 'Passwords did not similar' is the form-level message when a form
 * is submitted with a mismatching pair (register, reset and change password).
 */
export const validationMessagesEn: Readonly<Record<ValidationKey, string>> = {
  'validation.prohibited_characters': 'The field contains prohibited characters',
  'validation.max_length': 'The field exceeds the maximum line length - {{max}} characters',
  'validation.password_mismatch': 'Password mismatch',
  'validation.passwords_not_similar': 'Passwords did not similar',
  'validation.invalid_email': 'Invalid email',
  // The spec does not show date and number messages (§5); these are ours.
  'validation.invalid_date': 'Enter a date as DD.MM.YYYY (years 2000–2050)',
  'validation.invalid_number': 'Enter a number',
  'validation.invalid_duration': 'Enter a duration, e.g. 5, 5d, 40h or 2w',
  'validation.integer_only': 'Enter a whole number',
  'validation.required.space_name': 'Enter a space name',
  'validation.required.security_question': 'Enter a security question',
  'validation.required.answer': 'Enter an answer',
  'validation.required.email': 'Enter an email',
  'validation.required.login': 'Enter a login',
  'validation.required.last_name': 'Enter a last name',
  'validation.required.first_name': 'Enter a first name',
};

/**
 * Prohibited characters, and why:
 * - C0/C1 control characters (tab, newline …): they break single-line inputs and the TSV, CSV and
 *   XER exports where one field must stay one cell;
 * - < > : markup in names is an injection risk wherever a name is rendered as HTML (print, reports);
 * - \ / | : * ? " : names become file and folder names (exports, backups, storage paths) and these
 *   are not allowed in Windows file names;
 * - bidirectional overrides (U+202A–U+202E, U+2066–U+2069): they make a name display differently
 *   from what it is (spoofing).
 */
// eslint-disable-next-line no-control-regex
export const PROHIBITED_CHARACTERS = /[\u0000-\u001f\u007f-\u009f<>\\/|:*?"\u202a-\u202e\u2066-\u2069]/u;

/** Length in user-perceived code points, so an emoji or a non-BMP letter counts once. */
export function textLength(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

export interface TextRules {
  /** When set, an empty (or all-whitespace) value gives that field's required prompt. */
  required?: RequiredField;
  /** Defaults to 32 (spec §9). */
  maxLength?: number;
}

/** First failing rule of a text field (required, prohibited characters, length), or null. */
export function validateText(value: string, rules: TextRules = {}): ValidationError | null {
  if (value.trim() === '') {
    return rules.required ? { key: `validation.required.${rules.required}` } : null;
  }
  if (PROHIBITED_CHARACTERS.test(value)) return { key: 'validation.prohibited_characters' };
  const max = rules.maxLength ?? TEXT_MAX_LENGTH;
  if (textLength(value) > max) return { key: 'validation.max_length', params: { max } };
  return null;
}

// Pragmatic address check (what users mistype), not RFC 5322: one @, no spaces, a dotted domain
// of letters, digits and hyphens with a top-level label of at least two letters.
const EMAIL = /^[^\s@"<>()[\]\\,;:]+@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}{2,}$/u;

/**
 * Email rule. The 32-character text limit does not apply (addresses are longer); the limit is
 * the 254 characters an SMTP path allows.
 */
export function validateEmail(value: string, required = true): ValidationError | null {
  const v = value.trim();
  if (v === '') return required ? { key: 'validation.required.email' } : null;
  if (v.length > 254 || !EMAIL.test(v) || v.includes('..')) return { key: 'validation.invalid_email' };
  return null;
}

/**
 * Password confirmation. `level: 'field'` while editing the confirmation input gives
 * 'Password mismatch'; `level: 'form'` on submit gives 'Passwords did not similar'.
 * An empty confirmation is not an error at field level (the user has not typed it yet).
 */
export function validatePasswordConfirmation(
  password: string,
  confirmation: string,
  level: 'field' | 'form' = 'field',
): ValidationError | null {
  if (level === 'field' && confirmation === '') return null;
  if (password === confirmation) return null;
  return { key: level === 'field' ? 'validation.password_mismatch' : 'validation.passwords_not_similar' };
}

/** Fills `{{name}}` placeholders; for tests and for the server's error_message fallback. */
export function formatValidationMessage(
  error: ValidationError,
  table: Readonly<Record<string, string>> = validationMessagesEn,
): string {
  const text = table[error.key] ?? error.key;
  return text.replace(/\{\{(\w+)\}\}/g, (m, name: string) => String(error.params?.[name] ?? m));
}
