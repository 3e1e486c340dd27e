// Small pictures shared by the map and the boards: mana symbols, each seat's Hero glyph
// (a colour AND a shape per seat, so no one needs to tell colours apart), tokens.
import { html } from '../html.js';
import { t } from '../i18n.js';

export const MANA = {
  W: { fill: '#f4ead0', ink: '#3b3220' },
  U: { fill: '#2f6db5', ink: '#ffffff' },
  B: { fill: '#3a3034', ink: '#ffffff' },
  R: { fill: '#c8432b', ink: '#ffffff' },
  G: { fill: '#2e8b47', ink: '#ffffff' },
};
export const SEAT_COLOURS = ['#E69F00', '#CC79A7', '#F0E442', '#56E0D0'];
export const SEAT_SHAPES = ['circle', 'square', 'triangle', 'diamond'];
export const SEAT_DASHES = ['', '9 5', '3 4', '10 4 2 4'];

export const colourName = (c) => t(`dom.colour.${c}`);

/** One mana symbol, with a count beside it when given. */
export function Mana({ colour, count, token = false, title }) {
  const m = MANA[colour] || MANA.W;
  return html`<span class=${`mana-chip ${token ? 'token' : ''}`} title=${title || colourName(colour)}
      style=${`--fill:${m.fill};--ink:${m.ink}`}>
    <span class="mana-dot">${colour}</span>${count !== undefined && count !== null ? html`<b>${count}</b>` : null}</span>`;
}

/** A cost like {4}{R}: the generic part then the coloured symbol (a space between, unseen in
 * the flex box, so its text reads "4 R" as the words naming it do). */
export function Cost({ colour, generic }) {
  return html`<span class="cost">${generic ? html`<span class="generic">${generic}</span> ` : null}<${Mana} colour=${colour}/></span>`;
}

/** A seat's shape centred on (x, y), of radius r, as SVG. */
export function glyphShape(seat, x, y, r) {
  const shape = SEAT_SHAPES[seat % SEAT_SHAPES.length];
  const fill = SEAT_COLOURS[seat % SEAT_COLOURS.length];
  const common = { fill, stroke: '#1f1b16', 'stroke-width': Math.max(1.2, r / 5) };
  if (shape === 'circle') return html`<circle cx=${x} cy=${y} r=${r} ...${common}/>`;
  if (shape === 'square') return html`<rect x=${x - r * 0.88} y=${y - r * 0.88} width=${r * 1.76} height=${r * 1.76} rx=${r * 0.2} ...${common}/>`;
  if (shape === 'triangle') {
    const pts = [[x, y - r * 1.1], [x + r * 1.05, y + r * 0.8], [x - r * 1.05, y + r * 0.8]];
    return html`<polygon points=${pts.map((p) => p.join(',')).join(' ')} ...${common}/>`;
  }
  const pts = [[x, y - r * 1.15], [x + r * 1.05, y], [x, y + r * 1.15], [x - r * 1.05, y]];
  return html`<polygon points=${pts.map((p) => p.join(',')).join(' ')} ...${common}/>`;
}

/** A seat's glyph as a small inline picture (boards, log, standings). */
export function SeatGlyph({ seat, size = 16 }) {
  return html`<svg class="seat-glyph" width=${size} height=${size} viewBox="-12 -12 24 24" aria-hidden="true">
    ${glyphShape(seat, 0, 0, 8.5)}</svg>`;
}
