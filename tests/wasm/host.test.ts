// The worker's SimHost driving the real wasm engine: pages are flagged "split just now"
// for splits made during playback, not for the prepare phase nor after a seek (step back,
// replay after a crash).
import { describe, expect, it } from 'vitest';
import * as engine from '../../web/src/engine/pkg/innodb_lab.js';
import { LEAF_SPLIT_RECENT } from '../../web/src/engine/frames';
import { SimHost } from '../../web/src/engine/host';
import type { EngineModule } from '../../web/src/engine/simulation';
import { lessonScenario, loadEngine } from './loadEngine';

const flagged = (host: SimHost) => host.handle('frame', {}).frames[0].leafState[0].filter((b) => (b & LEAF_SPLIT_RECENT) !== 0).length;

describe('SimHost on the real engine: split flags', () => {
  loadEngine();
  const host = new SimHost(engine as unknown as EngineModule);

  it('flags splits of playback, not of the prepare phase nor of a seek', () => {
    // 20,000 rows already in the table (prepare), then random inserts.
    host.handle('create', { scenarios: [lessonScenario('pk-random.json', { 'table.prepare_rows': 20000, 'workload.max_rows': 60000 })] });
    expect(flagged(host)).toBe(0);
    host.handle('runTo', { tNs: 0.05e9 });
    const played = flagged(host);
    expect(played).toBeGreaterThan(0);
    const splitsBefore = host.handle('frame', {}).frames[0].summary.indexes[0];
    host.handle('runTo', { tNs: 0.2e9, seek: true });
    const f = host.handle('frame', {}).frames[0];
    expect(f.summary.indexes[0].leafPages).toBeGreaterThan(splitsBefore.leafPages);
    expect(f.leafState[0].filter((b) => (b & LEAF_SPLIT_RECENT) !== 0).length).toBe(0);
  });
});
