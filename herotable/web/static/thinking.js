// Waiting on the bot: a bar that moves (still where the person asks for less motion), the
// seconds so far, counted each second, and a button to stop waiting.
import { html } from './html.js';
import { t } from './i18n.js';
import { useEffect, useState } from 'preact/hooks';

const TICK_MS = 1000;

/** Whole seconds since `since` (a Date.now() time), counted again each second. */
export function useSeconds(since) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [since]);
  return Math.max(0, Math.floor((now - since) / TICK_MS));
}

/** The bot thinking since `since`; `onCancel` stops waiting for it (`help`: the key of what
 * that button's tooltip says, where the table's words differ). */
export function Thinking({ since, onCancel, help }) {
  const seconds = useSeconds(since);
  // The counter changes each second: not a live region, or a screen reader would read it
  // out every second (the panel around it says when the answer comes).
  return html`<div class="thinking">
    <span class="thinking-bar" aria-hidden="true"><i></i></span>
    <span class="thinking-time" aria-live="off">${t('marks.hint.thinking', { seconds })}</span>
    <button type="button" class="quiet thinking-cancel" onClick=${onCancel} title=${t(help || 'marks.hint.cancel_help')}>${t('marks.hint.cancel')}</button>
  </div>`;
}
