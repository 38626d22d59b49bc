// Loads data for a screen section and reloads it on demand or when `key` changes; failures are
// already shown as toasts by the API client, so a failed load leaves the last data in place.
import { useCallback, useEffect, useRef, useState } from 'react';

export function useLoad<T>(load: () => Promise<T>, key: string) {
  const [data, setData] = useState<T | null>(null);
  const latest = useRef(load);
  useEffect(() => {
    latest.current = load;
  });
  const reload = useCallback(() => latest.current().then(setData, () => undefined), []);
  useEffect(() => {
    void latest.current().then(setData, () => undefined);
  }, [key]);
  return { data, reload };
}
