// The parts of oidc-provider (which ships no types) that tests/server/oidc.test.ts uses.
declare module 'oidc-provider' {
  import type { Server } from 'node:http';

  interface Account {
    accountId: string;
    claims: () => Record<string, unknown> | Promise<Record<string, unknown>>;
  }
  interface Configuration {
    clients?: Array<Record<string, unknown>>;
    cookies?: { keys?: string[] };
    claims?: Record<string, string[]>;
    findAccount?: (ctx: unknown, id: string) => Account | undefined | Promise<Account | undefined>;
  }
  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    listen(port: number, host: string, callback: () => void): Server;
  }
}
