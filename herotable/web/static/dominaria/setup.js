// The lobby's Heroes of Dominaria options chosen from the catalogue: each seat's
// planeswalker, by name in the page's language. The engine takes one different planeswalker
// per seat (or none: the pack's first ones in order), so the lists start at that default and
// picking one a seat already holds hands that seat the planeswalker given up.
import { html } from '../html.js';
import { t, nameIn } from '../i18n.js';
import { useEffect } from 'preact/hooks';

/** `count` different planeswalkers: those of `value` that fit, then the pack's order. */
function fitted(ids, value, count) {
  const kept = [];
  for (const id of value || []) if (ids.includes(id) && !kept.includes(id) && kept.length < count) kept.push(id);
  for (const id of ids) if (kept.length < count && !kept.includes(id)) kept.push(id);
  return kept;
}

function WalkerPicker({ catalog, value, onChange, names }) {
  const ids = Object.keys(catalog.planeswalkers);
  const count = names.length;
  const chosen = fitted(ids, value, count);
  // A new number of seats: a chosen list keeps its length in step (the server wants one each).
  useEffect(() => {
    if (value && value.join(' ') !== chosen.join(' ')) onChange(chosen);
  }, [count]);
  const pick = (seat, id) => {
    const next = [...chosen];
    const holder = next.indexOf(id);
    if (holder >= 0) next[holder] = next[seat];
    next[seat] = id;
    onChange(next);
  };
  return html`<div class="card-picks walker-picks" role="group" aria-labelledby="opt-planeswalkers-label">
    ${chosen.map((current, seat) => html`<label class="card-pick"><span class="pick-letter">${names[seat]}</span>
      <select data-seat=${seat} value=${current} aria-label=${t('dom.lobby.walker_for', { name: names[seat] })}
          onChange=${(e) => pick(seat, e.target.value)}>
        ${ids.map((id) => html`<option value=${id}>${nameIn(catalog.planeswalkers[id].names)}</option>`)}
      </select></label>`)}
  </div>`;
}

/** Lobby hooks for the Heroes of Dominaria options (see cartographers/setup.js). */
export const dominariaSetup = {
  inputs: { planeswalkers: WalkerPicker },
  choices: () => null,
  choiceLabel: () => null,
  keepAvailable: (catalog, preset, options) => options,
  incomplete: () => null,
};
