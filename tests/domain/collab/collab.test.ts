import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dateChange,
  delegationActive,
  delegationProblem,
  deliveryOf,
  directPair,
  dueNotices,
  groupReactions,
  mentions,
  messageProblem,
  nextLastRead,
  preview,
  toggleReaction,
  unionMatrices,
  unreadCount,
} from '../../../src/domain/collab';

describe('chat rules', () => {
  it('previews the first 40 characters, emoji whole', () => {
    expect(preview('short')).toBe('short');
    expect(preview('a'.repeat(50))).toBe('a'.repeat(40));
    expect(preview('😀'.repeat(41))).toBe('😀'.repeat(40));
    expect(preview('  two\n\nlines  ')).toBe('two lines');
  });

  it('a preview is a prefix of the folded text and never longer than 40', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        const p = preview(s);
        expect(Array.from(p).length).toBeLessThanOrEqual(40);
        expect(s.replace(/\s+/g, ' ').trim().startsWith(p)).toBe(true);
      }),
    );
  });

  it('finds mentions', () => {
    expect(mentions('@Alice see @bob.k, mail x@y.z and @alice again.')).toEqual(['alice', 'bob.k']);
    expect(mentions('no mentions')).toEqual([]);
  });

  it('refuses empty and too long messages', () => {
    expect(messageProblem('   ')).toBe('empty');
    expect(messageProblem('x'.repeat(4001))).toBe('too_long');
    expect(messageProblem('ok')).toBeNull();
  });

  it('orders a direct pair', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.uuid(), (a, b) => {
        expect(directPair(a, b)).toEqual(directPair(b, a));
      }),
    );
  });

  it('counts unread messages after the marker, not own nor deleted', () => {
    const msgs = [
      { id: 1, author_id: 'b', deleted: false },
      { id: 2, author_id: 'a', deleted: false },
      { id: 3, author_id: 'b', deleted: true },
      { id: 4, author_id: 'b', deleted: false },
    ];
    expect(unreadCount(msgs, 0, 'a')).toBe(2);
    expect(unreadCount(msgs, 1, 'a')).toBe(1);
    expect(unreadCount(msgs, 4, 'a')).toBe(0);
    expect(nextLastRead(5, 3)).toBe(5);
    expect(nextLastRead(3, 5)).toBe(5);
  });

  it('toggling a reaction twice restores the set', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ user_id: fc.constantFrom('a', 'b'), emoji: fc.constantFrom('👍', '🎉') })),
        fc.constantFrom('a', 'b'),
        fc.constantFrom('👍', '🎉'),
        (rs, u, e) => {
          const uniq = rs.filter(
            (r, i) => rs.findIndex((x) => x.user_id === r.user_id && x.emoji === r.emoji) === i,
          );
          const twice = toggleReaction(toggleReaction(uniq, u, e), u, e);
          const key = (x: { user_id: string; emoji: string }[]) => x.map((r) => r.user_id + r.emoji).sort();
          expect(key(twice)).toEqual(key(uniq));
        },
      ),
    );
    expect(
      groupReactions(
        [
          { user_id: 'a', emoji: '👍' },
          { user_id: 'b', emoji: '👍' },
          { user_id: 'b', emoji: '🎉' },
        ],
        'a',
      ),
    ).toEqual([
      { emoji: '👍', count: 2, mine: true },
      { emoji: '🎉', count: 1, mine: false },
    ]);
  });
});

describe('notice rules', () => {
  it('maps channels to deliveries', () => {
    expect(deliveryOf(['site'])).toEqual({ site: true, email: false, messenger: false });
    expect(deliveryOf(['corporate'])).toEqual({ site: false, email: true, messenger: false });
    // The product's channel is its messenger, not the site's bell.
    expect(deliveryOf(['product'])).toEqual({ site: false, email: false, messenger: true });
    expect(deliveryOf(['site', 'corporate', 'product'])).toEqual({
      site: true,
      email: true,
      messenger: true,
    });
    expect(deliveryOf([])).toEqual({ site: false, email: false, messenger: false });
  });

  it('looks ahead for starts and finishes', () => {
    const day = 1440;
    const rows = [
      { id: 'soon', es: 2 * day, ef: 10 * day, actual_start: null, actual_finish: null },
      { id: 'late', es: 9 * day, ef: 12 * day, actual_start: null, actual_finish: null },
      { id: 'started', es: 1 * day, ef: 3 * day, actual_start: 0, actual_finish: null },
      { id: 'past', es: -5 * day, ef: -1, actual_start: null, actual_finish: null },
    ];
    expect(dueNotices(rows, 0, 3)).toEqual([
      { id: 'soon', type: 'task_will_start', at: 2 * day },
      { id: 'started', type: 'task_will_finish', at: 3 * day },
    ]);
  });

  it('tells a delay from another plan change', () => {
    expect(dateChange({ es: 0, ef: 10 }, { es: 0, ef: 12 })).toBe('assignment_date_delay');
    expect(dateChange({ es: 0, ef: 10 }, { es: 2, ef: 10 })).toBe('assignment_date_change_plan');
    expect(dateChange({ es: 0, ef: 10 }, { es: 0, ef: 10 })).toBeNull();
  });
});

describe('delegation rules', () => {
  const base = {
    from_user: 'a',
    to_user: 'b',
    starts_at: '2026-01-01T00:00:00Z',
    ends_at: '2026-02-01T00:00:00Z',
  };
  it('refuses oneself and an end before the start', () => {
    expect(delegationProblem(base)).toBeNull();
    expect(delegationProblem({ ...base, to_user: 'a' })).toEqual({
      code: 'delegation.self',
      field: 'user_id',
    });
    expect(delegationProblem({ ...base, ends_at: '2025-12-31T00:00:00Z' })).toEqual({
      code: 'delegation.end_before_start',
      field: 'ends_at',
    });
    expect(delegationProblem({ ...base, ends_at: base.starts_at })?.code).toBe('delegation.end_before_start');
  });

  it('is active from its start to (not including) its end', () => {
    const d = { starts_at: new Date('2026-01-01T00:00:00Z'), ends_at: new Date('2026-01-02T00:00:00Z') };
    expect(delegationActive(d, new Date('2025-12-31T23:59:59Z'))).toBe(false);
    expect(delegationActive(d, new Date('2026-01-01T00:00:00Z'))).toBe(true);
    expect(delegationActive(d, new Date('2026-01-01T23:59:59Z'))).toBe(true);
    expect(delegationActive(d, new Date('2026-01-02T00:00:00Z'))).toBe(false);
  });

  it('unions matrices and never loses own rights', () => {
    const order = ['read', 'edit', 'approve', 'admin'] as const;
    type A = (typeof order)[number];
    const arb = fc.subarray([...order]) as fc.Arbitrary<A[]>;
    fc.assert(
      fc.property(
        fc.record({ x: arb, y: arb }),
        fc.array(fc.record({ x: arb, y: arb }), { maxLength: 3 }),
        (own, del) => {
          const u = unionMatrices(own, del, order);
          for (const m of ['x', 'y'] as const) {
            for (const a of own[m]) expect(u[m]).toContain(a);
            for (const d of del) for (const a of d[m]) expect(u[m]).toContain(a);
          }
        },
      ),
    );
  });
});

describe('wdp notice kinds', () => {
  it('tells an added fact from a plan change', async () => {
    const { wdpNoticeKinds } = await import('../../../src/domain/collab');
    const cell = (plan: number | null, fact: number | null) => ({
      plan,
      fact,
      approved_plan: null,
      status: 'open',
    });
    expect(
      wdpNoticeKinds(
        [
          { op: 'add', path: ['wdp', 'r1', 5], value: cell(null, 2) },
          { op: 'replace', path: ['wdp', 'r2', 6], value: cell(4, null) },
          { op: 'replace', path: ['wdp', 'r3', 6], value: cell(1, 1) },
        ],
        [
          { op: 'replace', path: ['wdp', 'r3', 6], value: cell(1, 3) },
          { op: 'replace', path: ['wdp', 'r2', 6], value: cell(3, null) },
          { op: 'remove', path: ['wdp', 'r1', 5] },
        ],
      ),
    ).toEqual([
      { rowId: 'r1', type: 'assignment_date_add_fact' },
      { rowId: 'r2', type: 'assignment_date_change_plan' },
    ]);
  });
});
