import { describe, expect, it } from 'vitest';
import { rememberedT } from '../../src/state/workbench/remembered-t';

describe('rememberedT', () => {
  const counting = (texts: Record<string, string>) => {
    const calls: string[] = [];
    const t = (key: string, params?: Record<string, unknown>) => {
      calls.push(key);
      const text = texts[key] ?? key;
      return params ? text.replace('{{n}}', String(params.n)) : text;
    };
    return { t, calls };
  };

  it('asks once per key without parameters', () => {
    const { t, calls } = counting({ 'type.task': 'Task' });
    const r = rememberedT(t);
    expect([r('type.task'), r('type.task'), r('type.task')]).toEqual(['Task', 'Task', 'Task']);
    expect(calls).toEqual(['type.task']);
  });

  it('asks every time with parameters, and again for a text not found', () => {
    const { t, calls } = counting({ rows: '{{n}} rows' });
    const r = rememberedT(t);
    expect([r('rows', { n: 1 }), r('rows', { n: 2 })]).toEqual(['1 rows', '2 rows']);
    expect([r('missing'), r('missing')]).toEqual(['missing', 'missing']);
    expect(calls).toEqual(['rows', 'rows', 'missing', 'missing']);
  });
});
