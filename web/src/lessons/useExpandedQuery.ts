// The page's query with a shared link's packed `z` parameter unpacked (asynchronous:
// the browser's DecompressionStream). null while unpacking.

import { useEffect, useState } from 'react';
import { expandQuery } from '../ui/shareLink';

export function useExpandedQuery(query: string): { query: string; messages: string[] } | null {
  const packed = /(^|&)z=/.test(query.replace(/^\?/, ''));
  const [state, setState] = useState<{ from: string; query: string; messages: string[] } | null>(null);
  useEffect(() => {
    if (!packed) return;
    let live = true;
    void expandQuery(query).then((r) => live && setState({ from: query, ...r }));
    return () => {
      live = false;
    };
  }, [query, packed]);
  if (!packed) return { query, messages: [] };
  return state && state.from === query ? { query: state.query, messages: state.messages } : null;
}
