// App routes: system state, client errors, health check, guide.
import { z } from 'zod';
import { Ok } from './common';
import { route } from './route';

export const LANGS = ['en', 'ru', 'fr'] as const;
export const Lang = z.enum(LANGS);

export const SystemState = z.object({
  /** Offered languages, the default first. */
  allowed_langs: z.array(Lang),
  idle_timeout_minutes: z.number().int().positive(),
  version: z.string(),
  /** Installation-wide entitlements; per-space user caps come with the space (users/space-config). */
  licence: z.object({
    estimates: z.object({ enabled: z.boolean(), user_cap: z.number().int().nullable() }),
    bim: z.object({ enabled: z.boolean(), user_cap: z.number().int().nullable() }),
  }),
  /** Sign-in methods besides the password that the server is configured for. */
  sign_in: z.object({ oidc: z.boolean(), adfs: z.boolean(), kerberos: z.boolean() }).optional(),
});
export type SystemState = z.infer<typeof SystemState>;

export const ClientError = z.object({
  message: z.string().min(1).max(2000),
  stack: z.string().max(20000).optional(),
  url: z.string().max(2000).optional(),
  user_agent: z.string().max(500).optional(),
});

export const HealthCheck = z.object({ status: z.literal('ok'), database: z.literal('ok') });

export const Guide = z.object({
  sections: z.array(z.object({ id: z.string(), title: z.string(), body: z.string() })),
});
export type Guide = z.infer<typeof Guide>;

export const appRoutes = {
  systemState: route({
    method: 'GET',
    path: '/system-state',
    scope: 'public',
    summary: 'Languages, idle time-out, version and licence entitlements (loaded at start-up)',
    response: SystemState,
  }),
  clientError: route({
    method: 'POST',
    path: '/client-error',
    scope: 'public',
    summary: 'Store an error the browser caught (token optional)',
    body: ClientError,
    response: Ok,
  }),
  healthCheck: route({
    method: 'GET',
    path: '/health-check',
    scope: 'public',
    summary: 'Answers 200 when the database answers, 503 otherwise',
    response: HealthCheck,
  }),
  guide: route({
    method: 'GET',
    path: '/guide',
    scope: 'public',
    summary: 'The short user guide in the language of the language header',
    response: Guide,
  }),
};
