// An identifier (counter or table name) that may wrap only after its underscores, so
// narrow screens break "Innodb_buffer_pool_reads" into words, never mid-word.
import { Fragment, type ReactNode } from 'react';

/**
 * `text` with a line-break opportunity after each "_" (plain text, no styling), in words
 * of at least `minWord` characters: a label can then still break at its spaces first
 * ("Distinct number values (table_size)" broke after "table_" with a space to spare).
 */
export function underscoreBreaks(text: string, minWord = 0): ReactNode {
  return text.split(/(\s+)/).map((word, w) => {
    if (word.length < minWord || !word.includes('_')) return <Fragment key={w}>{word}</Fragment>;
    const parts = word.split('_');
    return (
      <Fragment key={w}>
        {parts.map((p, i) => (
          <Fragment key={i}>
            {p}
            {i < parts.length - 1 && (
              <>
                _<wbr />
              </>
            )}
          </Fragment>
        ))}
      </Fragment>
    );
  });
}

/** How long a word of a knob's label is before it may break at its underscores: a
 *  setting's name (`innodb_adaptive_hash_index_parts`, 32) wider than the label column
 *  at projector sizes, not `(table_size)`. */
export const LONG_NAME = 20;

/** `name` as code with a line-break opportunity after each "_". */
export function Breakable({ name }: { name: string }) {
  return <code style={{ fontSize: 'inherit', overflowWrap: 'normal', wordBreak: 'normal' }}>{underscoreBreaks(name)}</code>;
}
