// The hint: the strong bot's choice for the seat's decision, asked of the server (it thinks
// for a few seconds, up to twenty: the panel counts them, and the person may stop waiting),
// drawn on the map as a dashed outline with the final score it expects. The person may take
// it (it becomes the placement being chosen) or ignore it.
import { html } from '../html.js';
import { t, formatNumber, refusalText } from '../i18n.js';
import { useEffect, useRef, useState } from 'preact/hooks';
import { actionText } from './card.js';
import { parseAction } from './notation.js';
import { Thinking } from '../thinking.js';

/** The cells a move in the engine's notation names ("draw forest A1 A2"), as [row, col]. */
export const actionCells = (action) => parseAction(action).cells;

const round = (x) => Math.round(Number(x) * 10) / 10;

/** Asking for a hint: `ask()` answers the server's hint; forgotten when the decision changes. */
export function useHint(ask, decisionKey) {
  const [hint, setHint] = useState(null); // {busy, since} | {answer, shown} | {error}
  const key = useRef(decisionKey);
  const asking = useRef(0); // which wait is on: one stopped waiting for drops its answer
  // The request on its way ({key, answer, since}): asked again before it is answered, the
  // page waits for it again rather than ask anew (the server thinks about one at a time).
  const flying = useRef(null);
  useEffect(() => { key.current = decisionKey; setHint(null); }, [decisionKey]);
  const request = async () => {
    if (!ask || (hint && hint.busy)) return;
    const asked = decisionKey;
    if (!flying.current || flying.current.key !== asked) {
      const sent = { key: asked, answer: ask(), since: Date.now() };
      flying.current = sent;
      const land = () => { if (flying.current === sent) flying.current = null; };
      sent.answer.then(land, land);
    }
    const { answer: coming, since } = flying.current;
    asking.current += 1;
    const ticket = asking.current;
    const wanted = () => key.current === asked && asking.current === ticket;
    setHint({ busy: true, since });
    try {
      const answer = await coming;
      if (wanted()) setHint({ answer, shown: answer.action });
    } catch (e) {
      if (!wanted()) return;
      const reason = { hints_off: 'hint.refused', not_your_turn: 'hint.nothing_owed' }[e.code];
      setHint({ error: reason ? t(reason) : refusalText(e) });
    }
  };
  const answer = hint && hint.answer;
  const shown = answer && hint.shown;
  return {
    available: Boolean(ask),
    busy: Boolean(hint && hint.busy),
    since: hint && hint.since,
    error: hint && hint.error,
    answer,
    shown,
    // The suggestion drawn on the map.
    outline: shown ? { cells: actionCells(shown), kind: 'hint', action: shown } : null,
    request,
    show: (action) => setHint((old) => ({ ...old, shown: action })),
    dismiss: () => setHint(null),
    // Stop waiting: the answer, when it comes, is dropped unless asked for again meanwhile.
    cancel: () => { asking.current += 1; setHint(null); },
  };
}

/** The hint button and, once answered, the suggestion with its value and the bot's others. */
export function HintPanel({ h, onTake, taken, harm }) {
  if (!h.available) return null;
  const unit = (h.answer && h.answer.unit) === 'vp' ? 'vp' : 'stars';
  const valueOf = (action) => {
    if (!h.answer) return null;
    if (action === h.answer.action) return h.answer.value;
    const other = (h.answer.options || []).find((o) => o.action === action);
    return other ? other.value : null;
  };
  const all = h.answer ? [{ action: h.answer.action, value: h.answer.value }, ...(h.answer.options || [])] : [];
  const others = all.filter((o, i) => o.action !== h.shown && all.findIndex((x) => x.action === o.action) === i);
  const value = valueOf(h.shown);
  // On a neighbour's map (a monster, the Gorgon's gaze) the bot's value is minus what that
  // map is worth after the move; elsewhere a floor of the seat's final score.
  if (h.answer && h.answer.method) harm = h.answer.method === 'harm';
  const worth = value === null ? '' : t(harm ? `hint.harm_${unit}` : `hint.value_${unit}`,
    { count: round(harm ? -value : value), value: formatNumber(round(harm ? -value : value)) });
  // Another choice in words against the one shown, in what the line above counts (on a
  // neighbour's map: what it leaves there, so a better choice leaves less).
  const compared = (x) => {
    const d = round(harm ? value - x : x - value);
    if (d === 0) return t('hint.as_good');
    return t(`hint.${d > 0 ? 'more' : 'less'}_${unit}`, { count: Math.abs(d), value: formatNumber(Math.abs(d)) });
  };
  return html`<div class="hint-panel" aria-live="polite">
    <div class="row">
      <button type="button" class="hint-button" onClick=${h.request} disabled=${h.busy} aria-busy=${h.busy}
          title=${t('hint.help')}>
        ? ${t('hint.ask')}<span class="key">H</span></button>
      ${h.shown && html`<button type="button" class="take" disabled=${taken} onClick=${() => onTake(h.shown)}>${t('hint.take')}</button>
        <button type="button" class="quiet" onClick=${h.dismiss}>${t('hint.dismiss')}</button>`}
    </div>
    ${h.busy && html`<${Thinking} since=${h.since} onCancel=${h.cancel}/>`}
    ${h.shown && html`<div class="suggestion" data-action=${h.shown}>
      <span class="swatch-line" aria-hidden="true"></span>
      ${t('hint.suggests', { move: actionText(h.shown) })}
      <b class="hint-value">${worth}</b></div>`}
    ${others.length > 0 && html`<div class="hint-others"><span class="muted">${t('hint.others')}</span>
      ${others.map((o) => html`<button type="button" class="linkish" onClick=${() => h.show(o.action)}>
        ${actionText(o.action)} (${compared(o.value)})</button>`)}</div>`}
    ${h.error && html`<div class="error" role="alert">${h.error}</div>`}
  </div>`;
}
