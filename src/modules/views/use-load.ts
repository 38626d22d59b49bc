// Loads data for a view: the value, the error text, and a reload; a stale answer (the inputs
// changed meanwhile) is dropped. The last answer stays shown while the next one loads.
import { useCallback, useEffect, useRef, useState } from 'react';

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload: () => void;
}

export function useLoad<T>(load: (() => Promise<T>) | null, deps: readonly unknown[]): Loaded<T> {
  const [nonce, setNonce] = useState(0);
  const key = `${JSON.stringify(deps)}#${nonce}`;
  const [state, setState] = useState<{ key: string; data: T | null; error: string | null }>({
    key: '',
    data: null,
    error: null,
  });
  const latest = useRef(key);
  useEffect(() => {
    latest.current = key;
    if (!load) return;
    load().then(
      (data) => {
        if (latest.current === key) setState({ key, data, error: null });
      },
      (e: unknown) => {
        if (latest.current === key)
          setState((s) => ({ key, data: s.data, error: e instanceof Error ? e.message : String(e) }));
      },
    );
    // `load` is a new closure each render; the deps say when it asks for something new.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const reload = useCallback(() => setNonce((n) => n + 1), []);
  return { data: state.data, error: state.error, loading: state.key !== key, reload };
}
