// The hint on the Heroes of Dominaria table: the strong bot's choice for the seat's decision
// (hint_request.js asks the server), shown on the map (its locations ringed, a move as an
// arrow, a Leyline along its link) and in the panel with the lead it expects in words and its
// other choices compared with it. "Take it" makes it the action chosen in the panel; the
// person confirms it as any other.
import { html } from '../html.js';
import { t, formatNumber } from '../i18n.js';
import { HintControls, hintChoices, hintValue, roundHint } from '../hint_request.js';
import { nameOf } from './catalog.js';
import { actionText } from './words.js';
import { parseAction } from './notation.js';

// The verbs whose first argument is a location the action happens at.
const AT_LOCATION = new Set(['place', 'collect', 'recruit', 'discover', 'confront', 'manalith']);

/** What the map draws for an action: `locations` ringed, a move's `arrow` [from, to], a
 * Leyline's `link` [a, b]; nothing for an action off the map (keep, use, end...). */
export function hintMarks(action) {
  const { verb, args } = parseAction(action);
  if (AT_LOCATION.has(verb)) return { action, locations: [args[0]], arrow: null, link: null };
  if (verb === 'move') return { action, locations: [args[0], args[1]], arrow: [args[0], args[1]], link: null };
  if (verb === 'leyline') return { action, locations: [args[0], args[1]], arrow: null, link: [args[0], args[1]] };
  return { action, locations: [], arrow: null, link: null };
}

/** An action in words for the hint (a keep names the cards it keeps). */
export function hintText(catalog, action) {
  const { verb, args } = parseAction(action);
  if (verb === 'keep') return t('dom.hint.keep', { cards: args.map((id) => nameOf(catalog, id)).join(', ') });
  return actionText(catalog, verb, args);
}

/** The bot's value (the seat's lead over its strongest rival, in VP) in words. */
export function leadText(value) {
  const lead = roundHint(value);
  if (lead === 0) return t('dom.hint.level');
  const size = Math.abs(lead);
  return t(lead > 0 ? 'dom.hint.ahead' : 'dom.hint.behind', { count: size, value: formatNumber(size) });
}

/** Another choice against the one shown: the lead it keeps, more or less. */
function comparedText(other, shown) {
  const d = roundHint(other - shown);
  if (d === 0) return t('hint.as_good');
  const size = Math.abs(d);
  return t(d > 0 ? 'hint.more_vp' : 'hint.less_vp', { count: size, value: formatNumber(size) });
}

/** The hint button and, once answered, the suggestion, its value and the bot's others. */
export function DominariaHintPanel({ h, catalog, onTake, taken }) {
  if (!h.available) return null;
  const value = h.answer ? hintValue(h.answer, h.shown) : null;
  const others = hintChoices(h.answer).filter((o) => o.action !== h.shown);
  return html`<div class="hint-panel" aria-live="polite">
    <${HintControls} h=${h} onTake=${onTake} taken=${taken} cancelHelp="dom.hint.cancel_help"/>
    ${h.shown && html`<div class="suggestion" data-action=${h.shown}>
      <span class="swatch-line" aria-hidden="true"></span>
      ${t('hint.suggests', { move: hintText(catalog, h.shown) })}
      ${value !== null && html`<b class="hint-value" title=${t('dom.hint.value_help')}>${leadText(value)}</b>`}</div>`}
    ${taken && html`<div class="muted small hint-taken">${t('dom.hint.taken')}</div>`}
    ${others.length > 0 && value !== null && html`<div class="hint-others"><span class="muted">${t('hint.others')}</span>
      ${others.map((o) => html`<button type="button" class="linkish" data-option=${o.action} onClick=${() => h.show(o.action)}>
        ${hintText(catalog, o.action)} (${comparedText(o.value, value)})</button>`)}</div>`}
    ${h.error && html`<div class="error" role="alert">${h.error}</div>`}
  </div>`;
}
