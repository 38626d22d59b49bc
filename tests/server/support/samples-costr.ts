// Tenancy samples of the cost module's routes (src/api/costr.ts): a valid input for each. Ids are
// the target space's version id (an estimate id of another space answers like any unknown id).
import type { Sample } from './samples';
import type { Tree } from './fixtures';

type T = Tree & { space: string; userId: string };

const settings = {
  currency: 'EUR',
  rounding_digits: 2,
  rounding_mode: 'half_up',
  coefficient_order: ['regional', 'winter', 'cramped', 'overhead', 'profit', 'vat', 'other'],
  vat_pct: '20',
  overhead_pct: '12',
  rules: {
    required: ['code'],
    price_tolerance_pct: '10',
    measure_match: true,
    volume_tolerance_pct: '5',
    negative_prices: false,
  },
};

export const costrSamples: Record<string, (t: T) => Sample> = {
  'GET /costr/settings': () => ({}),
  'PUT /costr/settings': () => ({ body: settings }),
  'GET /costr/measures': () => ({}),
  'GET /costr/estimates': () => ({ query: { kind: 'estimate' } }),
  'POST /costr/estimates': (t) => ({ body: { name: 'E', kind: 'estimate', version_id: t.version } }),
  'GET /costr/estimates/:id': (t) => ({ params: { id: t.version } }),
  'PATCH /costr/estimates/:id': (t) => ({ params: { id: t.version }, body: { name: 'F' } }),
  'DELETE /costr/estimates/:id': (t) => ({ params: { id: t.version } }),
  'POST /costr/estimates/:id/edit': (t) => ({
    params: { id: t.version },
    body: { revision: 0, label: 'x', upserts: [], deletes: [t.version] },
  }),
  'PUT /costr/estimates/:id/coefficients': (t) => ({
    params: { id: t.version },
    body: { revision: 0, coefficients: [] },
  }),
  'POST /costr/estimates/:id/undo': (t) => ({ params: { id: t.version } }),
  'POST /costr/estimates/:id/redo': (t) => ({ params: { id: t.version } }),
  'GET /costr/estimates/:id/pdc': (t) => ({ params: { id: t.version } }),
  'GET /costr/estimates/:id/compliance': (t) => ({ params: { id: t.version } }),
  'GET /costr/dictionary/search': () => ({ query: { q: 'concrete' } }),
  'POST /costr/estimates/:id/link-by-code': (t) => ({ params: { id: t.version }, body: { revision: 0 } }),
  'GET /costr/estimates/:id/export': (t) => ({ params: { id: t.version }, query: { format: 'json' } }),
  'POST /costr/estimates/:id/import': (t) => ({ params: { id: t.version } }),
  'GET /costr/mappings': () => ({}),
  'PUT /costr/mappings': () => ({
    body: { name: 'Mine', mapping: { header_row: 1, columns: { code: 'Code' } } },
  }),
  'POST /versions/:id/update-costs': (t) => ({ params: { id: t.version }, body: {} }),
  'GET /costr/versions/:id/costs': (t) => ({ params: { id: t.version } }),
  'GET /costr/versions/:id/stale': (t) => ({ params: { id: t.version } }),
};
