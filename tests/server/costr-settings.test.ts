// The cost settings as the settings form saves them (issue 28): the currency is a spec §5 text
// field (prohibited characters, 32 characters; the catalogue's texts in en and ru), percents are
// decimals the server checks again; a saved form reads back equal and its rules check pastes.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/api';
import type { CostrSettings } from '../../src/api/costr';
import { makeSpace, signUp } from './support/fixtures';
import { call, startHarness } from './support/harness';
import type { Harness } from './support/harness';

describe('costr settings', () => {
  let h: Harness;
  let app: FastifyInstance;
  let token: string;
  let space: string;
  const as = () => ({ token, space });

  // Starting the harness (migrations on a fresh database) takes over a minute at the shared machine's load.
  beforeAll(async () => {
    h = await startHarness({ estimatesUserCap: 5 });
    app = h.app;
    token = (await signUp(app, 'costrset')).token;
    space = await makeSpace(app, token);
  }, 240_000);
  afterAll(() => h?.close());

  const save = (body: CostrSettings, language = 'en') =>
    call(app, api.costr.saveSettings, { ...as(), body, headers: { language } });

  it('refuses a bad currency with the spec texts in en and ru, and bad percents per field', async () => {
    const base = (await call(app, api.costr.settings, as())).json() as CostrSettings;
    expect(base.currency).toBe('EUR');

    let r = await save({ ...base, currency: 'EU<R>' });
    expect(r.statusCode).toBe(400);
    expect(r.json().error_message[0]).toMatchObject({
      code: 'prohibited_characters',
      error_message: 'The field contains prohibited characters',
    });
    r = await save({ ...base, currency: 'EU<R>' }, 'ru');
    expect(r.json().error_message[0].error_message).toBe('Поле содержит запрещённые символы');

    r = await save({ ...base, currency: 'x'.repeat(33) });
    expect(r.statusCode).toBe(400);
    expect(r.json().error_message[0]).toMatchObject({
      code: 'max_length',
      error_message: 'The field exceeds the maximum line length - 32 characters',
    });
    r = await save({ ...base, currency: 'x'.repeat(33) }, 'ru');
    expect(r.json().error_message[0].error_message).toBe(
      'Поле превышает максимальную длину строки - 32 символов',
    );

    r = await save({ ...base, vat_pct: '-5', rules: { ...base.rules, volume_tolerance_pct: '1.23456' } });
    expect(r.statusCode).toBe(400);
    const fields = (r.json().error_message as { params: { field: string } }[]).map((e) => e.params.field);
    expect(fields.sort()).toEqual(['body.rules.volume_tolerance_pct', 'body.vat_pct']);
  });

  it('stores what the form sends and its rules decide what an edit may hold', async () => {
    const base = (await call(app, api.costr.settings, as())).json() as CostrSettings;
    const mine: CostrSettings = {
      currency: 'руб.',
      rounding_digits: 0,
      rounding_mode: 'half_even',
      coefficient_order: ['vat', 'profit', 'overhead', 'cramped', 'winter', 'regional', 'other'],
      vat_pct: '18',
      overhead_pct: '12.5',
      rules: { ...base.rules, required: ['name'], price_tolerance_pct: null, negative_prices: true },
    };
    const r = await save(mine);
    expect(r.statusCode, r.body).toBe(200);
    expect((await call(app, api.costr.settings, as())).json()).toEqual(mine);

    // Negative prices are allowed now: an edit holding one is stored.
    const e = (
      await call(app, api.costr.create, { ...as(), body: { name: 'E', kind: 'estimate' } })
    ).json() as {
      id: string;
      revision: number;
    };
    const ed = await call(app, api.costr.edit, {
      ...as(),
      params: { id: e.id },
      body: {
        revision: e.revision,
        label: 'edit',
        deletes: [],
        upserts: [
          {
            id: '6f1c1a52-3f7e-4a59-9d7c-0b5c6c1d1e01',
            parent_id: null,
            order_key: 'a0',
            kind: 'position',
            code: '1',
            name: 'Refund',
            measure: 'pcs',
            quantity: '1',
            labour_price: '-10',
            machines_price: '',
            materials_price: '',
            labour_hours: '',
            dictionary_id: null,
            wbs_item_id: null,
            notes: '',
          },
        ],
      },
    });
    expect(ed.statusCode, ed.body).toBe(200);
  });
});
