// The revealed card and the controls of the decision it asks for: shapes and terrains as
// buttons, turn and mirror, confirm.
import { html } from '../html.js';
import { t, nameIn } from '../i18n.js';
import { cellName, orient, rotate } from './geometry.js';
import { parseAction } from './notation.js';
import { openRules } from '../rules_link.js';

/** A card's name that opens the rules at the card's entry. */
export function CardRuleLink({ catalog, id, className = '' }) {
  const name = cardName(catalog, id);
  return html`<button type="button" class=${`rule-link ${className}`} onClick=${() => openRules('cartographers', `card.${id}`)}
    aria-label=${t('rulebook.common.entry_of', { name })} title=${t('rulebook.common.entry_of', { name })}>${name}</button>`;
}

// Terrain keys: the home row, A S D F G for the 1st-5th terrain offered (Kethra's Gates and
// the 1x1 fallback offer five). Clear of every command key: R turns, M mirrors, 1-9 pick a
// shape, arrows, Enter, Escape. The letters on the same keys in the Russian layout count too.
export const TERRAIN_KEYS = ['a', 's', 'd', 'f', 'g'];
const TERRAIN_KEYS_RU = ['ф', 'ы', 'в', 'а', 'п'];

/** Which terrain (0-4) a key (lower case) picks, or -1. */
export function terrainKeyIndex(key) {
  const i = TERRAIN_KEYS.indexOf(key);
  return i >= 0 ? i : TERRAIN_KEYS_RU.indexOf(key);
}

/** A small drawing of a shape (offsets [row, col]) in a terrain. */
export function ShapeGlyph({ cells, terrain = 'empty', coin = false, size = 13, hero = null }) {
  const all = hero ? [...cells, ...hero] : cells;
  const w = Math.max(...all.map((c) => c[1])) + 1;
  const h = Math.max(...all.map((c) => c[0])) + 1;
  const box = Math.max(w, h, 3);
  const ox = (box - w) / 2;
  const oy = (box - h) / 2;
  return html`<svg class="glyph" viewBox=${`-0.5 -0.5 ${box * 10 + 1} ${box * 10 + 1}`} width=${box * size} height=${box * size} aria-hidden="true">
    ${cells.map(([y, x]) => html`<use href="#t-${terrain}" x=${(x + ox) * 10} y=${(y + oy) * 10} width="10" height="10"/>`)}
    ${cells.map(([y, x]) => html`<rect class="glyph-edge" x=${(x + ox) * 10} y=${(y + oy) * 10} width="10" height="10"/>`)}
    ${hero && hero.map(([y, x]) => html`<g><rect class="glyph-attack" x=${(x + ox) * 10} y=${(y + oy) * 10} width="10" height="10"/><use href="#m-attack" x=${(x + ox) * 10} y=${(y + oy) * 10} width="10" height="10"/></g>`)}
    ${coin && html`<use href="#m-coin" x=${box * 10 - 9} y="-1" width="9" height="9"/>`}
  </svg>`;
}

/** A hero card's attack pattern around the hero, turned `turns` quarter turns. */
function HeroGlyph({ offsets, degrees = 0, size = 13 }) {
  let cells = offsets;
  for (let i = 0; i < degrees / 90; i += 1) cells = cells.map(rotate);
  const all = [[0, 0], ...cells];
  const minRow = Math.min(...all.map((c) => c[0]));
  const minCol = Math.min(...all.map((c) => c[1]));
  const shift = ([r, c]) => [r - minRow, c - minCol];
  return html`<${ShapeGlyph} cells=${[shift([0, 0])]} terrain="hero" hero=${cells.map(shift)} size=${size}/>`;
}

/** The chosen action (the engine's notation, "draw forest A1 A2") in words: what is drawn,
 * and where. */
export function actionText(action) {
  const { terrain, cells } = parseAction(action);
  if (!terrain) return action;
  return t('controls.action', { what: t(`terrain.${terrain}`), cells: cells.map(([r, c]) => cellName(r, c)).join(' ') });
}

export function cardName(catalog, id) {
  const card = catalog && catalog.card(id);
  return card ? nameIn(card.names) : id;
}

/** Who draws an ambush's monster: a neighbour, or (solo, or monsters placing themselves for
 * remote play) the monster itself, from its corner along the edge. */
function ambushNote(card, selfPlaced) {
  const direction = card.direction || 'clockwise';
  return selfPlaced
    ? t(`ambush.self.${direction}`, { corner: t(`ambush.corner.${card.corner}`) })
    : t(`ambush.${direction}`);
}

/** A card's time: one hourglass per unit. */
export function TimeMarks({ time }) {
  return html`<span class="card-time" title=${t('card.time')}>${Array.from({ length: time }, () => html`<svg viewBox="0 0 10 10" width="12" height="12" aria-hidden="true"><path d="M2 1h6M2 9h6M3 1q0 3 2 4-2 1-2 4h4q0-3-2-4 2-1 2-4" fill="none" stroke="currentColor" stroke-width="1"/></svg>`)}</span>`;
}

/** The card being played, as a face: name, kind, time, what it offers. `selfPlaced`: ambushes
 * place themselves (the engine's solo rule) instead of a neighbour drawing them. `size`: a
 * shape cell's size in pixels (the paper table draws the card large). */
export function CardFace({ catalog, id, ruins, selfPlaced = false, size = 13 }) {
  if (!id) return html`<div class="card-face empty">${t('card.none')}</div>`;
  const card = catalog.card(id);
  if (!card) return html`<div class="card-face">${id}</div>`;
  let body = null;
  if (card.kind === 'explore') {
    body = html`<div class="card-shapes">${card.shapes.map((s) => html`<${ShapeGlyph} cells=${s.cells} terrain=${card.terrains[0]} coin=${s.coin} size=${size}/>`)}</div>
      <div class="card-terrains">${card.terrains.map((tr) => html`<span class=${`chip t-${tr}`}>${t(`terrain.${tr}`)}</span>`)}</div>`;
  } else if (card.kind === 'hero') {
    body = html`<div class="card-shapes"><${HeroGlyph} offsets=${card.attack} size=${size}/></div>`;
  } else if (card.kind === 'ambush') {
    body = html`<div class="card-shapes"><${ShapeGlyph} cells=${card.cells} terrain="monster" size=${size}/></div>
      <div class="card-note">${ambushNote(card, selfPlaced)}${card.effect && card.effect !== 'none' ? ` · ${t(`effect.${card.effect}`)}` : ''}</div>`;
  }
  return html`<div class=${`card-face kind-${card.kind}`}>
    <div class="card-top"><span class="card-kind">${t(`card.kind.${card.kind}`)}</span>
      ${card.time ? html`<${TimeMarks} time=${card.time}/>` : null}</div>
    <div class="card-name"><${CardRuleLink} catalog=${catalog} id=${id}/></div>
    ${ruins && html`<div class="card-note ruins">${t('card.ruins_pending')}</div>`}
    ${body}
  </div>`;
}

/** Buttons for the seat's decision. `p` is usePlacement's result. */
export function Controls({ p, busy, onConfirm, catalog, names, extra, ruins = false }) {
  if (!p.active) return null;
  const orientationNote = !p.orientationFits && p.kind !== 'hero' && p.kind !== 'destroy';
  const what = {
    draw: p.decision && p.decision.fallback ? t('decision.fallback') : t('decision.draw'),
    hero: t('decision.hero'),
    monster: t('decision.monster', { name: names[p.legal.sheet] || '' }),
    destroy: t(`decision.destroy_${p.decision && p.decision.reason === 'troll' ? 'troll' : 'gorgon'}`),
  }[p.kind];
  return html`<div class="controls" role="group" aria-label=${t('controls.label')}>
    <div class="decision-text">${what}</div>
    ${(p.kind === 'draw' || p.kind === 'monster') && p.shapes.length > 1 && html`<div class="row shapes" data-tour="shapes">
      ${p.shapes.map((s, i) => html`<button type="button" class=${`shape-btn ${i === p.shape ? 'on' : ''}`}
          aria-pressed=${i === p.shape} disabled=${!p.fits[i].length} onClick=${() => p.chooseShape(i)}
          title=${s.coin ? t('controls.shape_coin', { n: i + 1 }) : t('controls.shape', { n: i + 1 })}>
        <${ShapeGlyph} cells=${i === p.shape ? orient(s.cells, p.turns, p.mirrored) : s.cells} terrain=${p.kind === 'monster' ? 'monster' : (p.terrain || 'empty')} coin=${s.coin} size="9"/>
        <span class="key">${i + 1}</span></button>`)}
    </div>`}
    ${p.kind === 'draw' && p.legal.terrains.length > 1 && html`<div class="row terrains" data-tour="terrains">
      ${p.legal.terrains.map((tr, i) => html`<button type="button" class=${`terrain-btn t-${tr} ${tr === p.terrain ? 'on' : ''}`}
          aria-pressed=${tr === p.terrain} onClick=${() => p.setTerrain(tr)}>
        <svg viewBox="0 0 10 10" width="18" height="18" aria-hidden="true"><use href="#t-${tr}"/></svg>${t(`terrain.${tr}`)}<span class="key">${(TERRAIN_KEYS[i] || '').toUpperCase()}</span></button>`)}
    </div>`}
    <div class="row turn" data-tour="turn">
      ${p.canTurn && html`<button type="button" onClick=${() => p.rotate(1)} title=${t('controls.rotate_key')}>⟳ ${t('controls.rotate')}<span class="key">R</span></button>`}
      ${p.canTurn && p.kind !== 'hero' && html`<button type="button" onClick=${p.flip} title=${t('controls.mirror_key')}>⇋ ${t('controls.mirror')}<span class="key">M</span></button>`}
      ${p.kind === 'hero' && html`<span class="turn-note">${t('controls.hero_turn', { degrees: p.heroTurn })}</span>`}
      <button type="button" class="confirm" data-tour="confirm" disabled=${!p.action || busy} onClick=${onConfirm}>
        ✓ ${t('controls.confirm')}<span class="key">↵</span></button>
    </div>
    ${extra}
    <div class="hint" aria-live="polite">${orientationNote ? t('controls.orientation_never') : (p.action
      ? t('controls.ready', { action: actionText(p.action) })
      : (p.pos && p.pointed ? t(ruins ? 'controls.illegal_ruins' : 'controls.illegal_here') : t(p.kind === 'destroy' ? 'controls.pick_cell' : 'controls.point')))}</div>
  </div>`;
}
