// The hint: the strong bot's choice for the seat's decision, asked of the server (it thinks
// for a few seconds, up to twenty: the panel counts them, and the person may stop waiting),
// drawn on the map as a dashed outline with the final score it expects. The person may take
// it (it becomes the placement being chosen) or ignore it.
import { html } from '../html.js';
import { t, formatNumber } from '../i18n.js';
import { HintControls, hintChoices, hintValue, roundHint as round, useHintRequest } from '../hint_request.js';
import { actionText } from './card.js';
import { parseAction } from './notation.js';

/** The cells a move in the engine's notation names ("draw forest A1 A2"), as [row, col]. */
export const actionCells = (action) => parseAction(action).cells;

/** Asking for a hint (hint_request.js), with the suggestion drawn on the map as an outline. */
export function useHint(ask, decisionKey) {
  const h = useHintRequest(ask, decisionKey);
  return { ...h, outline: h.shown ? { cells: actionCells(h.shown), kind: 'hint', action: h.shown } : null };
}

/** The hint button and, once answered, the suggestion with its value and the bot's others. */
export function HintPanel({ h, onTake, taken, harm }) {
  if (!h.available) return null;
  const unit = (h.answer && h.answer.unit) === 'vp' ? 'vp' : 'stars';
  const others = hintChoices(h.answer).filter((o) => o.action !== h.shown);
  const value = h.answer ? hintValue(h.answer, h.shown) : null;
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
    <${HintControls} h=${h} onTake=${onTake} taken=${taken}/>
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
