// The benchmarks' headless Chromium: the machine's own (CHROMIUM_PATH, else Debian's), with the
// flags this sandbox needs (no sandbox, no GPU, no background networking: there is no internet).
import { existsSync } from 'node:fs';
import { type Browser, chromium } from '@playwright/test';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** Launches Chromium with CHROMIUM_ARGS and `extra` flags. */
export async function launchChromium(extra: readonly string[] = []): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) throw new Error(`${executablePath} is missing (apt-get install chromium)`);
  return chromium.launch({ executablePath, args: [...CHROMIUM_ARGS, ...extra] });
}
