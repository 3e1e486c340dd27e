// One map sheet as SVG: terrains, ruins, coins, monsters, hero attack marks, and the layers
// the table lays over it (a shape being placed, cells that score, cells to choose).
import { html } from '../html.js';
import { t } from '../i18n.js';
import { useRef } from 'preact/hooks';
import { SIZE, ROWS, cellName, parseCell } from './geometry.js';
import { outlinePath } from './outline.js';
import { MonsterMarks } from './monsters.js';
import { cellLabel } from './cell_label.js';

const CELL = 10;
const MARGIN = 7;

const setOf = (names) => new Set(names || []);

/**
 * props: sheet (the view's sheet JSON), catalog (the indexed card catalog: the map notation
 * and the coin track's length), labels (row and column names), coins (draw the coin
 * track), ghost {cells: [[r,c]], terrain, legal, idle}, attack [[r,c]] (a hero's pattern being
 * placed), highlight (cell names that score), choices (cell names one may click), cursor
 * [r,c], outlines [{cells: [[r,c]], kind, action}] (a hint, or an analysed step's moves: a
 * dashed outline around each), flash (cell names that just changed, flashed once; flashKey
 * starts it again), onHover(cell|null), onPick(cell), title, className, tabIndex, onKeyDown,
 * monsters (useMonsters's answer: each monster's cells marked and outlined), mountainCoins
 * (draw the coin of each mountain whose coin is not taken, as a printed sheet shows it).
 */
export function MapView(props) {
  const { sheet, catalog, labels = true, coins = true, ghost, attack, highlight, choices, cursor } = props;
  const svg = useRef(null);
  const m = labels ? MARGIN : 1;
  const width = m + SIZE * CELL + 1;
  const height = m + SIZE * CELL + (coins ? 13 : 1);
  const attacked = setOf(sheet.attack);
  const paid = setOf(sheet.paid_mountains);
  const lit = highlight instanceof Set ? highlight : setOf(highlight);
  const choosable = choices instanceof Set ? choices : setOf(choices);

  // Through the drawing's own screen transform: where the map is narrower than its box (a
  // coach beside it), the drawing is centred with margins the box's corners do not know.
  const cellAt = (event) => {
    const ctm = svg.current.getScreenCTM();
    if (!ctm) return null;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(ctm.inverse());
    const x = point.x - m;
    const y = point.y - m;
    const col = Math.floor(x / CELL);
    const row = Math.floor(y / CELL);
    return row >= 0 && row < SIZE && col >= 0 && col < SIZE ? [row, col] : null;
  };
  const interactive = Boolean(props.onPick || props.onHover);
  const onMove = (e) => props.onHover && props.onHover(cellAt(e));
  const onDown = (e) => {
    const cell = cellAt(e);
    if (!cell) return;
    if (e.pointerType !== 'mouse') { props.onHover && props.onHover(cell); }
    if (props.onPick) props.onPick(cell);
  };

  const cells = [];
  sheet.grid.forEach((line, row) => {
    [...line].forEach((ch, col) => {
      const { terrain, ruins } = catalog.mapCell(ch);
      const x = m + col * CELL;
      const y = m + row * CELL;
      const name = cellName(row, col);
      const label = cellLabel(name, terrain, { ruins, paid: paid.has(name), attacked: attacked.has(name) });
      cells.push(html`<use href="#t-${terrain}" data-cell=${name} data-terrain=${terrain} data-ruins=${ruins ? '' : undefined} role="img" aria-label=${label} x=${x} y=${y} width=${CELL} height=${CELL}/>`);
      if (ruins) {
        cells.push(terrain === 'empty'
          ? html`<use href="#m-ruins-big" x=${x} y=${y} width=${CELL} height=${CELL}/>`
          : html`<use href="#m-ruins" x=${x} y=${y} width=${CELL * 0.55} height=${CELL * 0.55}/>`);
      }
      if (props.mountainCoins && terrain === 'mountain' && !paid.has(name)) {
        cells.push(html`<use href="#m-coin" class="mountain-coin" x=${x + CELL * 0.6} y=${y + CELL * 0.05} width=${CELL * 0.36} height=${CELL * 0.36}/>`);
      }
      if (attacked.has(name)) {
        cells.push(html`<use href="#m-attack" x=${x + CELL * 0.5} y=${y + CELL * 0.5} width=${CELL * 0.48} height=${CELL * 0.48}/>`);
      }
    });
  });

  const grid = [];
  for (let i = 0; i <= SIZE; i += 1) {
    const p = m + i * CELL;
    grid.push(html`<line x1=${m} y1=${p} x2=${m + SIZE * CELL} y2=${p}/>`);
    grid.push(html`<line x1=${p} y1=${m} x2=${p} y2=${m + SIZE * CELL}/>`);
  }

  const labelText = labels ? [
    ...[...ROWS].map((letter, i) => html`<text class="lbl" x=${m / 2} y=${m + i * CELL + CELL / 2}>${letter}</text>`),
    ...Array.from({ length: SIZE }, (_, i) => html`<text class="lbl" x=${m + i * CELL + CELL / 2} y=${m / 2}>${i + 1}</text>`),
  ] : [];

  const box = ([r, c], cls, key) => html`<rect key=${key} class=${cls} x=${m + c * CELL + 0.5} y=${m + r * CELL + 0.5} width=${CELL - 1} height=${CELL - 1}/>`;

  const litMarks = [...lit].map((name) => {
    const [r, c] = parseCell(name);
    return html`<g class="lit">${box([r, c], 'lit-box', name)}
      <use href="#m-star" x=${m + c * CELL + 5.6} y=${m + r * CELL + 0.4} width="4" height="4"/></g>`;
  });
  const choiceMarks = [...choosable].map((name) => box(parseCell(name), 'choice', name));
  const flashMarks = props.flash && props.flash.length ? html`<g class="flash" key=${props.flashKey}>
    ${props.flash.map((name) => box(parseCell(name), 'flash-box', name))}</g>` : null;

  let ghostMarks = null;
  if (ghost && ghost.cells && ghost.cells.length) {
    // idle: not pointed at yet in this decision, so no verdict (an outline, not red).
    const cls = ghost.legal ? 'ghost ok' : (ghost.idle ? 'ghost idle' : 'ghost bad');
    ghostMarks = html`<g class=${cls}>
      ${ghost.legal && ghost.cells.map(([r, c]) => html`<use href="#t-${ghost.terrain || 'empty'}" class="ghost-fill" x=${m + c * CELL} y=${m + r * CELL} width=${CELL} height=${CELL}/>`)}
      ${!ghost.legal && !ghost.idle && ghost.cells.map(([r, c]) => html`<rect class="ghost-hatch" x=${m + c * CELL} y=${m + r * CELL} width=${CELL} height=${CELL}/>`)}
      ${ghost.cells.map(([r, c]) => box([r, c], 'ghost-edge'))}
    </g>`;
  }
  const outlineMarks = (props.outlines || []).map((o) => html`<g class=${`outline ${o.kind}`} data-action=${o.action}>
    ${o.cells.map(([r, c]) => html`<rect class="outline-cell" x=${m + c * CELL} y=${m + r * CELL} width=${CELL} height=${CELL}/>`)}
    <path class="outline-edge" d=${outlinePath(o.cells, m, CELL)}/></g>`);
  const attackMarks = (attack || []).map(([r, c]) => html`<g class="attack-ghost">
    ${box([r, c], 'attack-box')}<use href="#m-attack" x=${m + c * CELL} y=${m + r * CELL} width=${CELL} height=${CELL}/></g>`);

  const track = catalog.coinTrack;
  const coinTrack = coins ? Array.from({ length: track }, (_, i) => html`<use
      href=${i < (sheet.coins || 0) ? '#m-coin' : '#m-coin-empty'}
      x=${m + i * (SIZE * CELL / track) + 0.4} y=${m + SIZE * CELL + 2.5} width="7" height="7"/>`) : null;

  // The big map is a group of named cells a screen reader walks through; a small one is a
  // picture inside the button that shows it big (its cells are read there).
  return html`<svg ref=${svg} class=${`map ${props.className || ''} ${interactive ? 'interactive' : ''}`}
      viewBox=${`0 0 ${width} ${height}`} role=${labels ? 'group' : 'img'} aria-label=${props.title || t('map.label')}
      tabindex=${props.tabIndex} onKeyDown=${props.onKeyDown}
      onPointerMove=${interactive ? onMove : undefined}
      onPointerLeave=${props.onHover ? () => props.onHover(null) : undefined}
      onPointerDown=${interactive ? onDown : undefined}>
    ${cells}
    <g class="gridlines">${grid}</g>
    ${labelText}
    ${props.monsters && html`<${MonsterMarks} sheet=${sheet} monsters=${props.monsters} m=${m} cell=${CELL}/>`}
    ${litMarks}
    ${flashMarks}
    ${choiceMarks}
    ${ghostMarks}
    ${attackMarks}
    ${outlineMarks}
    ${cursor && box(cursor, 'cursor')}
    ${coinTrack}
  </svg>`;
}
