// The text views: sysbench --report-interval lines from series samples (exact strings),
// and the STATUS text cleaned for display with its header and sections read out.
import { describe, expect, it } from 'vitest';
import { f2, reportTime, sampleInterval, sysbenchGroups, sysbenchLine, sysbenchLines } from '../../web/src/views/sysbench/layout';
import { cleanStatusText, MAX_STATUS_CHARS, statusHeader, statusSections } from '../../web/src/views/status/layout';

const COLUMNS = ['t_s', 'qps', 'inserts_per_s', 'latency_mean_us', 'latency_p95_us', 'rows'];

describe('sysbench lines', () => {
  it('point selects: tps = qps, all reads', () => {
    expect(sysbenchLine(COLUMNS, [1, 3009600, 0, 80, 87.04, 100000], 256)).toBe(
      '[ 1s ] thds: 256 tps: 3009600.00 qps: 3009600.00 (r/w/o: 3009600.00/0.00/0.00) lat (ms,95%): 0.09 err/s: 0.00 reconn/s: 0.00',
    );
  });
  it('inserts: r/w/o = 0/qps/0; sub-second samples keep their decimals', () => {
    expect(sysbenchLine(COLUMNS, [0.1, 15234.5, 15234.5, 700, 1234, 1523], 15)).toBe(
      '[ 0.1s ] thds: 15 tps: 15234.50 qps: 15234.50 (r/w/o: 0.00/15234.50/0.00) lat (ms,95%): 1.23 err/s: 0.00 reconn/s: 0.00',
    );
  });
  it('a sample without queries (NaN latency) prints zeros; no qps column falls back to inserts', () => {
    expect(sysbenchLine(COLUMNS, [2.5, 0, 0, NaN, NaN, 0], 4)).toBe(
      '[ 2.5s ] thds: 4 tps: 0.00 qps: 0.00 (r/w/o: 0.00/0.00/0.00) lat (ms,95%): 0.00 err/s: 0.00 reconn/s: 0.00',
    );
    expect(sysbenchLine(['t_s', 'inserts_per_s'], [3, 100], 1)).toBe(
      '[ 3s ] thds: 1 tps: 100.00 qps: 100.00 (r/w/o: 0.00/100.00/0.00) lat (ms,95%): 0.00 err/s: 0.00 reconn/s: 0.00',
    );
  });
  it('oltp_read_only: tps from its column, BEGIN and COMMIT counted as other', () => {
    const cols = [...COLUMNS, 'tps'];
    expect(sysbenchLine(cols, [1, 135776, 0, 1885, 2129.9, 1000000, 8486], 16)).toBe(
      '[ 1s ] thds: 16 tps: 8486.00 qps: 135776.00 (r/w/o: 118804.00/0.00/16972.00) lat (ms,95%): 2.13 err/s: 0.00 reconn/s: 0.00',
    );
  });
  it('read_write: every INSERT, UPDATE and DELETE is a write (writes_per_s), not only the inserts', () => {
    // per transaction: BEGIN, 10 point selects, 2 updates, DELETE, INSERT, COMMIT
    const cols = [...COLUMNS, 'tps', 'writes_per_s'];
    expect(sysbenchLine(cols, [1, 16000, 1000, 1500, 2000, 20000, 1000, 4000], 16)).toBe(
      '[ 1s ] thds: 16 tps: 1000.00 qps: 16000.00 (r/w/o: 10000.00/4000.00/2000.00) lat (ms,95%): 2.00 err/s: 0.00 reconn/s: 0.00',
    );
  });
  it('the newest lines, oldest first', () => {
    const rows = Array.from({ length: 20 }, (_, i) => [(i + 1) / 10, 1000 * i, 0, 1, 2, 0]);
    const lines = sysbenchLines({ columns: COLUMNS, rows }, 8, 12);
    expect(lines).toHaveLength(12);
    expect(lines[0].startsWith('[ 0.9s ] thds: 8 tps: 8000.00')).toBe(true);
    expect(lines[11].startsWith('[ 2s ] thds: 8 tps: 19000.00')).toBe(true);
    expect(sysbenchLines({ columns: COLUMNS, rows: [] }, 8)).toEqual([]);
    expect(sampleInterval({ columns: COLUMNS, rows })).toBe(0.1);
    expect(sampleInterval({ columns: COLUMNS, rows: rows.slice(0, 1) })).toBeNull();
  });
  it('wraps only between key: value groups', () => {
    const line = sysbenchLine(COLUMNS, [1, 3009600, 0, 80, 87.04, 100000], 256);
    const g = sysbenchGroups(line);
    expect(g).toEqual(['[ 1s ]', 'thds: 256', 'tps: 3009600.00', 'qps: 3009600.00', '(r/w/o: 3009600.00/0.00/0.00)', 'lat (ms,95%): 0.09', 'err/s: 0.00', 'reconn/s: 0.00']);
    expect(g.join(' ')).toBe(line);
  });
  it('number and time formats', () => {
    expect([f2(0.005), f2(1234567.891), f2(-1), f2(Infinity)]).toEqual(['0.01', '1234567.89', '0.00', '0.00']);
    expect([reportTime(1), reportTime(0.30000000000000004), reportTime(12.25)]).toEqual(['1', '0.3', '12.25']);
  });
});

const STATUS = `=====================================
INNODB MONITOR OUTPUT (simulated, t = 1.500 s)
=====================================
Per second averages calculated from the last 1.00 seconds
----------
SEMAPHORES
----------
RW-excl spins 19555, rounds 586650, OS waits 18369
-------------------------------------
INSERT BUFFER AND ADAPTIVE HASH INDEX
-------------------------------------
Hash table size 162143, node heap has 147 buffer(s)
---
LOG
---
Log sequence number 123456
----------------------------
END OF INNODB MONITOR OUTPUT
============================
`;

describe('status text', () => {
  it('reads the time and the averaging window', () => {
    expect(statusHeader(STATUS)).toEqual({ timeS: 1.5, windowS: 1 });
    expect(statusHeader('nothing here')).toEqual({ timeS: null, windowS: null });
  });
  it('lists the sections between rules, LOG between its three dashes too', () => {
    expect(statusSections(STATUS)).toEqual(['SEMAPHORES', 'INSERT BUFFER AND ADAPTIVE HASH INDEX', 'LOG']);
  });
  it('keeps text as text: control characters out, CRLF → LF, capped', () => {
    expect(cleanStatusText('a\r\nb\u0007c\u001b[31m\td<b>')).toBe('a\nbc[31m\td<b>');
    const long = cleanStatusText('x'.repeat(MAX_STATUS_CHARS + 5));
    expect(long.length).toBeLessThan(MAX_STATUS_CHARS + 50);
    expect(long.endsWith(`(cut at ${MAX_STATUS_CHARS} characters)`)).toBe(true);
  });
});
