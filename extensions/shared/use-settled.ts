import { useEffect, useState } from 'preact/hooks';

/** `value` once it has stopped changing for `ms` (a prompt being typed asks the server once). */
export function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
