// Turns zod validation issues (as fastify-type-provider-zod reports them) into error-list items.
import type { Item, Params } from '../errors';

interface Issue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

const fieldOf = (context: string | undefined, instancePath: string) => {
  const path = instancePath.split('/').filter(Boolean).join('.');
  const ctx = context === 'querystring' ? 'query' : (context ?? 'body');
  return path ? `${ctx}.${path}` : ctx;
};

export function issueToItem(issue: Issue, context: string | undefined): Item {
  const field = fieldOf(context, issue.instancePath);
  const p = issue.params;
  const base: Params = { field };
  switch (issue.keyword) {
    case 'invalid_type':
      return { code: /received undefined/.test(issue.message ?? '') ? 'required' : 'invalid', params: base };
    case 'too_small':
      if (p.origin === 'string' && Number(p.minimum) === 1) return { code: 'required', params: base };
      if (p.origin === 'string') return { code: 'min_length', params: { ...base, min: Number(p.minimum) } };
      return { code: 'invalid', params: base };
    case 'too_big':
      if (p.origin === 'string') return { code: 'max_length', params: { ...base, max: Number(p.maximum) } };
      return { code: 'invalid', params: base };
    case 'invalid_format':
      return { code: p.format === 'email' ? 'invalid_email' : 'invalid', params: base };
    case 'custom': {
      const custom = p.params as { code?: string } | undefined;
      return { code: custom?.code ?? 'invalid', params: base };
    }
    default:
      return { code: 'invalid', params: base };
  }
}
