// Web Worker entry: loads the wasm package, then answers protocol requests one at a
// time with a SimHost. The only runtime importer of ./pkg (the generated package).

import { EngineError, parseEngineError } from './errors';
import { SimHost } from './host';
import { frameTransferables, isRequest, type Commands, type Request, type Response } from './protocol';
import type { EngineModule } from './simulation';

interface WasmPackage extends EngineModule {
  default: (input?: { module_or_path: URL | string } | URL | string) => Promise<unknown>;
}

// A glob (not a static import) so the site still builds before the engine is built;
// it then reports "unavailable" instead of failing the whole bundle.
const pkgLoaders = import.meta.glob<WasmPackage>('./pkg/innodb_lab.js');

declare const self: {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  onmessage: ((ev: MessageEvent) => void) | null;
};

async function loadHost(): Promise<SimHost> {
  const load = pkgLoaders['./pkg/innodb_lab.js'];
  if (!load) {
    throw new EngineError({
      code: 'unavailable',
      errors: [{ path: '', message: 'The simulation engine is not built yet. Run `node scripts/build-engine.mjs` (or `npm start`).' }],
    });
  }
  const pkg = await load();
  await pkg.default({ module_or_path: new URL('./pkg/innodb_lab_bg.wasm', import.meta.url) });
  return new SimHost(pkg);
}

const hostReady: Promise<SimHost> = loadHost();
// Keep an early load failure from surfacing as an unhandled rejection (it is reported per request).
hostReady.catch(() => undefined);

// The script ran: the client tells a worker that started and later died (restart it)
// from one that could not be downloaded (do not). Answers have ids; this has none.
self.postMessage({ started: true });

self.onmessage = (ev: MessageEvent) => {
  const req: unknown = ev.data;
  if (!isRequest(req)) return;
  void answer(req);
};

async function answer(req: Request): Promise<void> {
  let response: Response;
  let transfer: Transferable[] = [];
  try {
    const host = await hostReady;
    const result = host.handle(req.type, req.args as never);
    if (req.type === 'frame') transfer = frameTransferables((result as Commands['frame']['result']).frames);
    response = { id: req.id, ok: true, result };
  } catch (e) {
    response = { id: req.id, ok: false, error: parseEngineError(e) };
  }
  self.postMessage(response, transfer);
}
