// Undo: the button (and the U key) that takes back the seat's last action while the server
// says it may (the game object's `undo`), and the memory of that action, so the decision
// comes back with the placement as it was.
import { html } from './html.js';
import { t, refusalText } from './i18n.js';
import { useEffect, useState } from 'preact/hooks';
import { keyForTheTable } from './table_keys.js';

// The last action each seat of each game sent from this page: `${game}:${seat}` -> action.
const sent = new Map();

/** Note the action a seat sent, for the decision an undo gives back. */
export function rememberSent(state, seat, action) {
  sent.set(`${state.id}:${seat}`, action);
}

/** The Undo button; `undo` (from the shell) is null when there is nothing to take back now.
 * `onUndone(action)` is told the action taken back, when the page sent it. */
export function UndoButton({ undo, state, seat, onUndone }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);
  useEffect(() => setError(null), [state.seq]);
  const run = async () => {
    if (!undo || busy) return;
    setBusy(true); setError(null);
    const action = sent.get(`${state.id}:${seat}`) || null;
    try {
      await undo();
      sent.delete(`${state.id}:${seat}`);
      if (onUndone && action) onUndone(action);
    } catch (e) { setError(e); }
    setBusy(false);
  };
  useEffect(() => {
    if (!undo) return undefined;
    const onKey = (e) => {
      if (!keyForTheTable(e)) return;
      const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
      if (k !== 'u' && k !== 'г') return; // г: the U key on a Russian layout
      e.preventDefault();
      run();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  if (!undo && !error) return null;
  return html`<div class="undo">
    ${undo && html`<button type="button" class="undo-button" disabled=${busy} onClick=${run} title=${t('undo.title')}>
      ↶ ${t('undo.button')}<span class="key">U</span></button>`}
    ${error && html`<span class="error" role="alert">${t('error.action', { reason: refusalText(error) })}</span>`}
  </div>`;
}

/** Solo Cartographers: confirming reveals the next card at once, so no undo follows it. */
export function SoloUndoNote() {
  return html`<p class="undo-note muted">${t('undo.solo_note')}</p>`;
}
