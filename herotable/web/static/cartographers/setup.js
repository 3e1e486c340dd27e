// The lobby's Cartographers options that name cards: the scoring cards of edicts A-D (one of
// each category) and the four ambushes, chosen by name from the catalogue among the boxes the
// chosen preset deals from; and the map sides by name.
import { html } from '../html.js';
import { t, nameIn } from '../i18n.js';

/** Edicts A-D, in the order the scoring cards lie under them. */
export const EDICT_LETTERS = ['A', 'B', 'C', 'D'];
const CATEGORIES = ['forest', 'farm_water', 'village', 'general'];
const AMBUSH_SLOTS = 4;
// The ambush promo pack goes with either box.
const ALWAYS_AMBUSH_BOXES = ['promo'];

function presetOf(catalog, preset) {
  const presets = catalog.presets || {};
  return presets[preset || 'heroes'] || presets.heroes || { scoring: [], scoring_boxes: ['heroes'], ambush_boxes: ['heroes'] };
}

const byName = (a, b) => nameIn(a.names).localeCompare(nameIn(b.names));

/** The scoring cards the preset deals from, by category. */
export function scoringPool(catalog, preset) {
  const boxes = presetOf(catalog, preset).scoring_boxes;
  const cards = Object.values(catalog.scoring).filter((c) => boxes.includes(c.box));
  return CATEGORIES.map((category) => [category, cards.filter((c) => c.category === category).sort(byName)]);
}

/** The ambushes the preset deals from (and the promo pack), by box. */
function ambushPool(catalog, preset) {
  const boxes = [...presetOf(catalog, preset).ambush_boxes, ...ALWAYS_AMBUSH_BOXES];
  return boxes.filter((box, i) => boxes.indexOf(box) === i)
    .map((box) => [box, Object.values(catalog.ambushes).filter((c) => c.box === box)])
    .filter(([, cards]) => cards.length);
}

/** The chosen cards the preset's boxes still offer (a preset change may drop some). */
export function keepAvailable(catalog, preset, options) {
  const next = { ...options };
  const scoring = new Set(scoringPool(catalog, preset).flatMap(([, cards]) => cards.map((c) => c.id)));
  const ambushes = new Set(ambushPool(catalog, preset).flatMap(([, cards]) => cards.map((c) => c.id)));
  if (next.cards) next.cards = next.cards.map((id) => (scoring.has(id) ? id : ''));
  if (next.ambushes) next.ambushes = next.ambushes.map((id) => (ambushes.has(id) ? id : ''));
  for (const key of ['cards', 'ambushes']) if (next[key] && next[key].every((id) => !id)) delete next[key];
  return next;
}

/** A message key if a card option is only partly chosen (the server needs all four). */
export function incomplete(options) {
  if (options.cards && options.cards.some((id) => !id)) return 'setup.cards_incomplete';
  if (options.ambushes && options.ambushes.some((id) => !id)) return 'setup.ambushes_incomplete';
  return null;
}

const fill = (value, n) => Array.from({ length: n }, (_, i) => (value && value[i]) || '');
const tidy = (list) => (list.every((id) => !id) ? undefined : list);

/** Edicts A-D: a card of each category, or dealt at random when none is chosen. */
function ScoringPicker({ catalog, preset, value, onChange }) {
  const chosen = fill(value, EDICT_LETTERS.length);
  const pool = scoringPool(catalog, preset);
  const fixed = presetOf(catalog, preset).scoring || [];
  const categoryOf = (id) => (catalog.scoring[id] || {}).category;
  return html`<div class="card-picks" role="group" aria-labelledby="opt-cards-label">
    ${EDICT_LETTERS.map((letter, i) => {
      const taken = new Set(chosen.filter((id, k) => id && k !== i).map(categoryOf));
      const fallback = fixed[i] ? t('lobby.default_is', { value: nameIn(catalog.scoring[fixed[i]].names) }) : t('setup.dealt');
      return html`<label class="card-pick"><span class="pick-letter">${t('setup.edict', { letter: t(`edict.letter.${letter}`) })}</span>
        <select id=${`opt-cards-${letter}`} data-edict=${letter} value=${chosen[i]}
            onChange=${(e) => onChange(tidy(chosen.map((id, k) => (k === i ? e.target.value : id))))}>
          <option value="">${fallback}</option>
          ${pool.map(([category, cards]) => html`<optgroup label=${t(`category.${category}`)}>
            ${cards.map((c) => html`<option value=${c.id} disabled=${taken.has(category)}>${nameIn(c.names)}</option>`)}
          </optgroup>`)}
        </select></label>`;
    })}
  </div>`;
}

/** Four different ambushes, or dealt at random when none is chosen. */
function AmbushPicker({ catalog, preset, value, onChange }) {
  const chosen = fill(value, AMBUSH_SLOTS);
  const pool = ambushPool(catalog, preset);
  return html`<div class="card-picks" role="group" aria-labelledby="opt-ambushes-label">
    ${chosen.map((current, i) => {
      const taken = new Set(chosen.filter((id, k) => id && k !== i));
      return html`<label class="card-pick"><span class="pick-letter">${i + 1}</span>
        <select id=${`opt-ambushes-${i + 1}`} data-slot=${i + 1} value=${current}
            onChange=${(e) => onChange(tidy(chosen.map((id, k) => (k === i ? e.target.value : id))))}>
          <option value="">${t('setup.dealt')}</option>
          ${pool.map(([box, cards]) => html`<optgroup label=${t(`setup.box.${box}`)}>
            ${cards.map((c) => html`<option value=${c.id} disabled=${taken.has(c.id)}>${nameIn(c.names)}</option>`)}
          </optgroup>`)}
        </select></label>`;
    })}
  </div>`;
}

/** Lobby hooks for the Cartographers options: custom inputs and choice labels. */
export const cartographersSetup = {
  inputs: { cards: ScoringPicker, ambushes: AmbushPicker },
  // The boxes with seasons and an explore deck, for the options naming one of them.
  choices(catalog, option) {
    return option.name === 'seasons' || option.name === 'explore' ? Object.keys(catalog.seasons) : null;
  },
  choiceLabel(catalog, option, choice) {
    if (option.name === 'side' && catalog.map_sides[choice]) return nameIn(catalog.map_sides[choice].names);
    return null;
  },
  keepAvailable,
  incomplete,
};
