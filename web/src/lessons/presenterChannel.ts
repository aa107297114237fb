// The presenter window and its speaker-notes window talk over a BroadcastChannel named
// after the lesson: the presenter announces each slide; the notes window can ask for the
// current one and move the slides.

/** Messages on the channel. */
export type PresenterMessage =
  | { type: 'slide'; step: number; count: number } // presenter -> notes (0-based step)
  | { type: 'hello' } // notes -> presenter: "which slide?"
  | { type: 'go'; step: number } // notes -> presenter
  | { type: 'bye' }; // presenter -> notes: the presenter window closed or left presenter mode

export function channelName(lessonId: string): string {
  return `innodb-lab-present-${lessonId}`;
}

/** Opens the channel (null where BroadcastChannel is missing); `on` gets valid messages only. */
export function openChannel(lessonId: string, on: (m: PresenterMessage) => void): BroadcastChannel | null {
  if (typeof BroadcastChannel !== 'function') return null;
  const ch = new BroadcastChannel(channelName(lessonId));
  ch.onmessage = (e: MessageEvent) => {
    const m = e.data as Partial<PresenterMessage> | null;
    if (!m || typeof m !== 'object') return;
    if (m.type === 'hello' || m.type === 'bye') on({ type: m.type });
    else if ((m.type === 'slide' || m.type === 'go') && Number.isInteger(m.step)) on(m as PresenterMessage);
  };
  return ch;
}

/** The speaker notes of one step (its ```notes blocks, in order), or "". */
export function notesOf(blocks: { kind: string; markdown?: string }[]): string {
  return blocks
    .filter((b) => b.kind === 'notes')
    .map((b) => b.markdown ?? '')
    .join('\n\n');
}
