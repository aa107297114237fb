// Short shared links: a long query (many knobs) is packed into one `z` parameter,
// deflate-raw compressed (the browser's CompressionStream) and base64url encoded; the
// receiving page unpacks it before reading the state. A damaged `z` gives a message
// naming it and the page opens with its defaults.

/** Queries up to this length are left readable (no `z`). */
export const COMPRESS_ABOVE = 120;
/** Longest `z` value accepted, and longest query it may expand to. */
export const MAX_PACKED = 2000;
export const MAX_EXPANDED = 4000;

const B64URL_RE = /^[A-Za-z0-9_-]*$/;

function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(s: string): Uint8Array {
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4);
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream, limit: number): Promise<Uint8Array> {
  const reader = new Blob([bytes as BlobPart]).stream().pipeThrough(stream).getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > limit) {
      await reader.cancel();
      throw new Error('too long');
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** `query` (without "?") as it should appear in a link: itself, or `z=<packed>` when that is shorter. */
export async function packQuery(query: string): Promise<string> {
  const q = query.replace(/^\?/, '');
  if (q.length <= COMPRESS_ABOVE || typeof CompressionStream !== 'function') return q;
  const packed = `z=${toBase64Url(await pipe(new TextEncoder().encode(q), new CompressionStream('deflate-raw'), MAX_EXPANDED))}`;
  return packed.length < q.length ? packed : q;
}

/**
 * Unpacks a `z` parameter (other parameters are kept after it). Never throws: a bad `z`
 * is dropped with a message naming it.
 */
export async function expandQuery(query: string): Promise<{ query: string; messages: string[] }> {
  const q = query.replace(/^\?/, '');
  const parts = q.split('&');
  const zi = parts.findIndex((p) => p.startsWith('z='));
  if (zi < 0) return { query: q, messages: [] };
  const rest = parts.filter((_, i) => i !== zi);
  const raw = parts[zi].slice(2);
  const bad = (why: string) => ({
    query: rest.join('&'),
    messages: [`Parameter "z" (the packed settings of a shared link) ${why}; the page opens with its own settings.`],
  });
  if (raw.length > MAX_PACKED) return bad(`is too long (${raw.length} characters; at most ${MAX_PACKED})`);
  if (!B64URL_RE.test(raw) || raw.length % 4 === 1) return bad('contains characters a link of this site never has; it may have been changed');
  if (typeof DecompressionStream !== 'function') return bad('cannot be read by this browser');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await pipe(fromBase64Url(raw), new DecompressionStream('deflate-raw'), MAX_EXPANDED));
  } catch {
    return bad('could not be unpacked: the link looks cut off or changed');
  }
  if (/(^|&)z=/.test(text)) return bad('holds another packed link');
  return { query: [text, ...rest].filter((p) => p !== '').join('&'), messages: [] };
}

/** The site's address up to the hash (works from any sub-path and from a zip on a laptop). */
export function siteBase(): string {
  return `${location.origin}${location.pathname}${location.search}`;
}

/** Copies text; falls back to a hidden textarea where the Clipboard API is refused. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const ta = document.createElement('textarea');
    ta.value = text;
    ta.setAttribute('readonly', '');
    ta.className = 'visually-hidden';
    document.body.appendChild(ta);
    ta.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    ta.remove();
    return ok;
  }
}
