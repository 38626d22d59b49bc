// JSON text of a big request body, built a slice at a time: one JSON.stringify of a 15 MB batch
// (a 10,000-row paste, patches and inverse) held the main thread ≈ 0.2 s, and handing the string to
// fetch as long again. Big arrays are written `slice` elements per step with `pause()` between
// steps (a yield to the browser every few milliseconds of writing), and the parts go to fetch as
// one Blob. The text is exactly JSON.stringify's.

/** Whether a value holds an array longer than `slice` (only those are worth pausing in). */
function isBig(v: unknown, slice: number): boolean {
  if (Array.isArray(v)) return v.length > slice || v.some((x) => isBig(x, slice));
  if (v !== null && typeof v === 'object') return Object.values(v).some((x) => isBig(x, slice));
  return false;
}

/** Array elements written per step. */
const SLICE = 2000;
/** Writing time between two yields to the browser (a step of 2,000 patches is ~1.5 ms). */
const BUDGET_MS = 8;

/**
 * A task of its own through a message channel: unlike a nested setTimeout (clamped to 4 ms, which
 * made a 10k paste's 60 steps wait ~250 ms doing nothing), it runs as soon as the input and
 * frames queued before it have.
 */
const yieldTask = () =>
  new Promise<void>((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => {
      ch.port1.close();
      resolve();
    };
    ch.port2.postMessage(null);
  });

let lastYield = 0;
/** Yields once the writing has held the thread BUDGET_MS since the last yield. */
async function nextTask(): Promise<void> {
  if (performance.now() - lastYield < BUDGET_MS) return;
  await yieldTask();
  lastYield = performance.now();
}

/**
 * A request body for http.ts: the value itself when it holds no big array (written in one go, and
 * readable to tools), else its JSON written a slice at a time between tasks, as a Blob.
 */
export function jsonBody(value: unknown, pause = nextTask, slice = SLICE): Promise<unknown> {
  return isBig(value, slice) ? jsonBlob(value, pause, slice) : Promise.resolve(value);
}

export async function jsonBlob(value: unknown, pause = nextTask, slice = SLICE): Promise<Blob> {
  const parts: string[] = [];
  const write = async (v: unknown): Promise<void> => {
    if (!isBig(v, slice)) {
      parts.push(JSON.stringify(v) ?? 'null');
      return;
    }
    if (Array.isArray(v)) {
      parts.push('[');
      for (let i = 0; i < v.length; i += slice) {
        if (i > 0) parts.push(',');
        const part = v.slice(i, i + slice);
        if (part.some((x) => isBig(x, slice))) {
          for (let j = 0; j < part.length; j++) {
            if (j > 0) parts.push(',');
            await write(part[j] === undefined || typeof part[j] === 'function' ? null : part[j]);
          }
        } else parts.push(JSON.stringify(part).slice(1, -1));
        await pause();
      }
      parts.push(']');
      return;
    }
    parts.push('{');
    let first = true;
    for (const [key, x] of Object.entries(v as Record<string, unknown>)) {
      // As JSON.stringify: a property whose value it cannot write is left out.
      if (x === undefined || typeof x === 'function' || typeof x === 'symbol') continue;
      parts.push(`${first ? '' : ','}${JSON.stringify(key)}:`);
      first = false;
      await write(x);
    }
    parts.push('}');
  };
  await write(value);
  return new Blob(parts, { type: 'application/json' });
}
