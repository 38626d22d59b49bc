// A second product server for the specs that need one beside the suite's own (a remote source, a
// Kerberos-configured deployment): on a free 127.0.0.1 port, its own fresh data directory, the
// suite's rate limits and licence key, plus `env`. Starting it takes minutes on a loaded machine.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

export interface SecondServer {
  base: string;
  stop(): void;
}

export async function startSecondServer(name: string, env: Record<string, string>): Promise<SecondServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn('node', ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: `data/e2e-${name}-${port}`,
      E2E_FRESH: '1',
      LOGIN_RATE_LIMIT: '1000',
      PUBLIC_RATE_LIMIT: '1000',
      LICENCE_PUBLIC_KEY_FILE: 'tests/fixtures/licence/test-public-key.pem',
      ...env,
    },
    stdio: 'ignore',
  });
  const until = Date.now() + 200_000;
  for (;;) {
    const ok = await fetch(`${base}/api/v1/health-check`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { base, stop: () => child.kill('SIGTERM') };
    if (Date.now() > until || child.exitCode !== null) {
      child.kill('SIGTERM');
      throw new Error(`the ${name} server did not start`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}
