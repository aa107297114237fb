// Why the playground did not run a scenario: a JSON problem, or the fields the engine
// (or the form) refused, each with its path. The message comes into view when it
// appears: under a Run button at the window's foot it showed as an 8 px red strip, and
// the click seemed to do nothing.
import { useEffect, useRef, useState } from 'react';
import type { FieldError } from '../engine/errors';
import { leftOut } from './scenarioText';

interface Props {
  /** A problem with the text as a whole (not JSON, too long, …). */
  problem: string | null;
  /** The fields refused, by path. */
  fieldErrors: FieldError[];
  /** The scenario text the fields are in (a field it left out when checked gets a hint). */
  text: string;
  /** Every text a run checks (A and B): an edit to any of them dates the list, a switch
   *  between them does not. */
  checks: string;
  /** A simulation is on screen (it is kept). */
  running: boolean;
}

/** A refused field the checked text left out (so the engine checked its default): the
 *  text as it was checked, not as edited since (a line deleted after the check is not
 *  "left out"), and never an unknown field (one the text has, which has no default). */
function defaulted(checkedText: string, e: FieldError): boolean {
  return !e.message.startsWith('unknown field') && leftOut(checkedText, e.path);
}

export function RunProblems({ problem, fieldErrors, text, checks, running }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const refused = problem !== null || fieldErrors.length > 0;
  useEffect(() => {
    if (refused) box.current?.scrollIntoView?.({ block: 'nearest' });
  }, [refused, problem, fieldErrors]);
  // The text these problems were found in: once the reader edits it, the list may be out
  // of date (it stayed up unchanged until the next Run), and says so.
  const [checked, setChecked] = useState({ problem, fieldErrors, checks, text });
  if (checked.problem !== problem || checked.fieldErrors !== fieldErrors) setChecked({ problem, fieldErrors, checks, text });
  const edited = checked.problem === problem && checked.fieldErrors === fieldErrors && checked.checks !== checks;
  const kept = (
    <>
      {edited ? <p className="problems-edited">You have edited the text since this check: Run checks it again.</p> : null}
      {running ? <p>The simulation on the right is unchanged.</p> : null}
    </>
  );
  return (
    <div ref={box} className="run-problems">
      {problem ? (
        <div className="notice notice-error scenario-problem" role="alert">
          {problem}
          {kept}
        </div>
      ) : null}
      {fieldErrors.length > 0 ? (
        <div className="notice notice-error scenario-problem" role="alert">
          <strong>The scenario was not run: {fieldErrors.length === 1 ? 'one field needs' : `${fieldErrors.length} fields need`} fixing.</strong>
          <ul>
            {fieldErrors.map((e, i) => (
              <li key={i}>
                <code>{e.path || '(the whole scenario)'}</code>: {e.message}
                {defaulted(checked.text, e) ? ' (Your scenario leaves this field out, so it has its default; set it.)' : null}
              </li>
            ))}
          </ul>
          {kept}
        </div>
      ) : null}
    </div>
  );
}
