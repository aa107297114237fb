// underscoreBreaks: where a label may wrap (a <wbr> after an underscore), and where not.
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { LONG_NAME, underscoreBreaks } from '../../web/src/charts/common/Breakable';

const html = (text: string, minWord?: number) => renderToStaticMarkup(<>{underscoreBreaks(text, minWord)}</>);

describe('underscoreBreaks', () => {
  it('breaks after every underscore by default', () => {
    expect(html('Innodb_buffer_pool_reads')).toBe('Innodb_<wbr/>buffer_<wbr/>pool_<wbr/>reads');
  });
  it('with a minimum word length, only long names break; short ones wrap at their spaces', () => {
    expect(html('Distinct number values (table_size)', LONG_NAME)).toBe('Distinct number values (table_size)');
    expect(html('innodb_adaptive_hash_index_parts', LONG_NAME)).toBe('innodb_<wbr/>adaptive_<wbr/>hash_<wbr/>index_<wbr/>parts');
    expect(html('Parts (innodb_adaptive_hash_index_parts) of it', LONG_NAME)).toBe('Parts (innodb_<wbr/>adaptive_<wbr/>hash_<wbr/>index_<wbr/>parts) of it');
  });
});
