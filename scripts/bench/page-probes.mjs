// Functions evaluated inside the site's page (Chromium) by the frames and load
// sections: player-bar queries, a requestAnimationFrame recorder and a long-task
// observer. They run in the browser, so they only use browser globals.
/* global document, window, requestAnimationFrame */

/** The lesson player has its engine (the Play button no longer carries data-loading; it
 *  stays pressable while the simulation is built, and keeps a press for then). */
export function playReady() {
  const b = document.querySelector('.player-bar button.play');
  return Boolean(b && !b.disabled && !b.hasAttribute('data-loading'));
}

/** { playing, done } of the first player bar. */
export function playerState() {
  const b = document.querySelector('.player-bar button.play');
  return {
    playing: b?.getAttribute('aria-label') === 'Pause',
    done: Boolean(document.querySelector('.player-bar .badge')),
    time: document.querySelector('.player-bar .sim-time output')?.textContent ?? '',
  };
}

/** The "run complete" badge is gone (after a reset). */
export function runNotDone() {
  return !document.querySelector('.player-bar .badge');
}

/** Starts recording rAF timestamps and long tasks into window.__benchFrames. */
export function startFrameRecorder() {
  const rec = { stamps: [], longTasks: [], running: true };
  window.__benchFrames = rec;
  const tick = (t) => {
    if (!rec.running) return;
    rec.stamps.push(t);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  try {
    rec.observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) rec.longTasks.push({ start: e.startTime, duration: e.duration });
    });
    rec.observer.observe({ type: 'longtask' });
    rec.longTaskSupported = true;
  } catch {
    rec.longTaskSupported = false;
  }
}

/** Stops the recorder; returns { stamps, longTasks, longTaskSupported }. */
export function stopFrameRecorder() {
  const rec = window.__benchFrames;
  rec.running = false;
  rec.observer?.disconnect();
  return { stamps: rec.stamps, longTasks: rec.longTasks.filter((l) => l.duration > 50), longTaskSupported: rec.longTaskSupported };
}

/**
 * Installed before the page's own scripts (addInitScript): records performance.now()
 * when the player first has its engine (playReady), in window.__benchInteractiveAt.
 */
export function watchInteractive() {
  const check = () => {
    if (window.__benchInteractiveAt !== undefined) return true;
    const b = document.querySelector('.player-bar button.play');
    if (b && !b.disabled && !b.hasAttribute('data-loading')) {
      window.__benchInteractiveAt = performance.now();
      return true;
    }
    return false;
  };
  const start = () => {
    if (check()) return;
    const mo = new window.MutationObserver(() => check() && mo.disconnect());
    mo.observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled', 'data-loading'] });
  };
  if (document.documentElement) start();
  else document.addEventListener('readystatechange', start, { once: true });
}
