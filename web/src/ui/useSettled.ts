import { useEffect, useState } from 'react';

/** `value` once it has not changed for `ms` (null until then): what a live region says,
 *  so a screen reader hears where things settle, not each step on the way. */
export function useSettled<T>(value: T, ms: number): T | null {
  const [settled, setSettled] = useState<T | null>(null);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}
