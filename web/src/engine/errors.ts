// Typed engine errors. The wasm throws `Error`s whose message is JSON
// ({code, errors: [{path, message}]}); this turns any throw into an EngineError.

/** Error codes from the engine plus the ones the web side adds. */
export type EngineErrorCode =
  | 'config' // bad scenario field
  | 'knob' // bad knob name or value
  | 'state' // command not valid now (e.g. unknown snapshot)
  | 'panic' // engine bug (Rust panic turned into an error)
  | 'crash' // the worker died (onerror)
  | 'unavailable' // the wasm package is not built / failed to load
  | 'protocol' // malformed message between client and worker
  | 'stale'; // a call for simulations that were replaced since (see EngineClient.player)

/** One field-level problem: `path` is a JSON path into the scenario ("workload.threads"). */
export interface FieldError {
  path: string;
  message: string;
}

/** Plain-data form, safe to post between threads. */
export interface EngineErrorData {
  code: EngineErrorCode;
  errors: FieldError[];
}

const CODES: readonly EngineErrorCode[] = ['config', 'knob', 'state', 'panic', 'crash', 'unavailable', 'protocol', 'stale'];

/** A typed JS error carrying the engine's code and field errors. */
export class EngineError extends Error {
  readonly code: EngineErrorCode;
  readonly errors: FieldError[];
  constructor(data: EngineErrorData) {
    super(describeEngineError(data));
    this.name = 'EngineError';
    this.code = data.code;
    this.errors = data.errors;
  }
  toData(): EngineErrorData {
    return { code: this.code, errors: this.errors };
  }
}

/** One line per field error: "workload.threads: must be ...". */
export function describeEngineError(data: EngineErrorData): string {
  if (data.errors.length === 0) return `engine error (${data.code})`;
  return data.errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)).join('\n');
}

function isFieldError(v: unknown): v is FieldError {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return typeof o.path === 'string' && typeof o.message === 'string';
}

/**
 * Turns anything thrown by the wasm into EngineErrorData. A message that is not the
 * engine's JSON (e.g. `RuntimeError: unreachable` from an abort) counts as a panic.
 */
export function parseEngineError(thrown: unknown): EngineErrorData {
  if (thrown instanceof EngineError) return thrown.toData();
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  try {
    const parsed: unknown = JSON.parse(message);
    if (typeof parsed === 'object' && parsed !== null) {
      const o = parsed as Record<string, unknown>;
      const code = CODES.includes(o.code as EngineErrorCode) ? (o.code as EngineErrorCode) : 'panic';
      const errors = Array.isArray(o.errors) ? o.errors.filter(isFieldError) : [];
      return { code, errors: errors.length > 0 ? errors : [{ path: '', message: String(o.message ?? message) }] };
    }
  } catch {
    // not JSON: fall through
  }
  return { code: 'panic', errors: [{ path: '', message }] };
}
