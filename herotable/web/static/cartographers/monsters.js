// The monsters on a map, told apart: each ambush's cells carry its mark (its name's initial in
// the page's language) inside a thin outline, named on hover; beside the map, a list names the
// marks and reminds what the ambushes that act again will do.
import { html } from '../html.js';
import { t } from '../i18n.js';
import { useState } from 'preact/hooks';
import { cardName } from './card.js';
import { parseCell } from './geometry.js';
import { outlinePath } from './outline.js';
import { lastingAmbushes } from './lasting.js';

/** A short mark for each ambush `ids` names, unique among them: its name's initial, else its
 * first two letters, else its first two words' initials, else its place in the list. */
export function monsterMarks(ids, catalog) {
  const marks = {};
  const used = new Set();
  ids.forEach((id, i) => {
    const words = cardName(catalog, id).split(/[\s\u2010-\u2015-]+/).filter(Boolean);
    const first = words[0] || '';
    const candidates = [
      first.slice(0, 1).toUpperCase(),
      first.slice(0, 1).toUpperCase() + first.slice(1, 2).toLowerCase(),
      words.length > 1 ? (first.slice(0, 1) + words[1].slice(0, 1)).toUpperCase() : '',
      String(i + 1),
    ];
    const mark = candidates.find((c) => c && !used.has(c));
    used.add(mark);
    marks[id] = mark;
  });
  return marks;
}

/** The marks of the game's ambushes, and the monster lit from the list (hovered or focused). */
export function useMonsters(view, catalog) {
  const [lit, setLit] = useState(null);
  // Every ambush of the game (sorted ids), so a monster keeps its mark all game long; a view
  // saved before the field existed names those met so far.
  const seen = [...(view.ambushes_in_play || []), ...view.sheets.flatMap((s) => Object.keys(s.monsters || {}))];
  const ids = view.ambushes && view.ambushes.length ? view.ambushes : [...new Set(seen)].sort();
  return { marks: monsterMarks(ids, catalog), name: (id) => cardName(catalog, id), lit, setLit };
}

const groupsOn = (sheet) => Object.entries(sheet.monsters || {}).filter(([, cells]) => cells.length > 0);

/** The map layer (inside MapView's drawing): each monster's cells marked and outlined. */
export function MonsterMarks({ sheet, monsters, m, cell }) {
  return html`<g class="monsters">${groupsOn(sheet).map(([id, names]) => {
    const cells = names.map(parseCell);
    const mark = monsters.marks[id] || '';
    return html`<g class=${monsters.lit === id ? 'monster on' : 'monster'} data-monster=${id}>
      <title>${monsters.name(id)}</title>
      ${cells.map(([r, c]) => html`<rect class="monster-cell" x=${m + c * cell} y=${m + r * cell} width=${cell} height=${cell}/>`)}
      <path class="monster-edge" d=${outlinePath(cells, m, cell)}/>
      ${cells.map(([r, c]) => html`<text class="monster-mark" x=${m + c * cell + 0.9} y=${m + (r + 1) * cell - 1}>${mark}</text>`)}
    </g>`;
  })}</g>`;
}

/** The list beside the map: the monsters on the map shown, by mark and name, and the ambushes
 * whose effect is still to come, with it in a sentence. */
export function MonsterList({ view, catalog, sheet, monsters }) {
  const onMap = groupsOn(sheet).map(([id]) => id);
  const lasting = new Map(lastingAmbushes(view, catalog).map((a) => [a.id, a.effect]));
  const order = view.ambushes_in_play || [];
  const rank = (id) => (order.includes(id) ? order.indexOf(id) : order.length);
  const ids = [...new Set([...onMap, ...lasting.keys()])].sort((a, b) => rank(a) - rank(b));
  if (!ids.length) return null;
  return html`<section class="monster-list" aria-label=${t('marks.monsters.title')}>
    <span class="muted">${t('marks.monsters.title')}${t('punct.colon')}</span>
    <ul>${ids.map((id) => {
      const here = onMap.includes(id);
      const light = here ? { onMouseEnter: () => monsters.setLit(id), onMouseLeave: () => monsters.setLit(null),
        onFocus: () => monsters.setLit(id), onBlur: () => monsters.setLit(null), tabIndex: 0 } : {};
      const effect = lasting.get(id);
      return html`<li class=${`monster-item ${monsters.lit === id ? 'on' : ''}`} data-monster=${id} ...${light}>
        ${here && html`<span class="monster-chip" aria-hidden="true">${monsters.marks[id]}</span>`}
        <b class="monster-name">${monsters.name(id)}</b>${effect && html`${t('punct.colon')} <span class="lasting" data-effect=${effect}>${t(`marks.lasting.${effect}`)}</span>`}
      </li>`;
    })}</ul>
  </section>`;
}
