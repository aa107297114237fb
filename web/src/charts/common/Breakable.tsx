// An identifier (counter or table name) that may wrap only after its underscores, so
// narrow screens break "Innodb_buffer_pool_reads" into words, never mid-word.
import { Fragment } from 'react';

/** `name` with a line-break opportunity after each "_". */
export function Breakable({ name }: { name: string }) {
  const parts = name.split('_');
  return (
    <code style={{ fontSize: 'inherit', overflowWrap: 'normal', wordBreak: 'normal' }}>
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
    </code>
  );
}
