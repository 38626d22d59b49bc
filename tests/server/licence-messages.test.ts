// Every licence error of spec §8 has its server text in English and Russian, as the screens'
// catalogue has it: an API caller (or a toast showing the server's message) never reads a bare code.
import { describe, expect, it } from 'vitest';
import { LICENCE_ERRORS } from '../../src/domain/admin/licence';
import { catalogs, translate } from '../../src/server/i18n/messages';

describe('licence error texts of the server', () => {
  it.each(LICENCE_ERRORS)('%s reads as a sentence in en and ru', (code) => {
    expect(catalogs.en[code], code).toBeTruthy();
    expect(catalogs.ru[code], code).toBeTruthy();
    expect(translate('ru', code)).not.toBe(translate('en', code));
  });
});
