// An identifier (counter or table name) that may wrap only after its underscores, so
// narrow screens break "Innodb_buffer_pool_reads" into words, never mid-word.
import { Fragment, type ReactNode } from 'react';

/** `text` with a line-break opportunity after each "_" (plain text, no styling). */
export function underscoreBreaks(text: string): ReactNode {
  const parts = text.split('_');
  return parts.map((p, i) => (
    <Fragment key={i}>
      {p}
      {i < parts.length - 1 && (
        <>
          _<wbr />
        </>
      )}
    </Fragment>
  ));
}

/** `name` as code with a line-break opportunity after each "_". */
export function Breakable({ name }: { name: string }) {
  return <code style={{ fontSize: 'inherit', overflowWrap: 'normal', wordBreak: 'normal' }}>{underscoreBreaks(name)}</code>;
}
