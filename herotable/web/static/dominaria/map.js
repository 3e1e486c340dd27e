// The map of Dominaria as SVG: locations in their colour with their mana, links, Leylines
// along them (each seat's in its colour and dash), Manaliths, artifact and Cabal tokens, and
// each seat's Heroes (its colour and shape; a number when several stand together), and the
// hint's suggestion: its locations ringed, a move as an arrow, a Leyline along its link.
import { html } from '../html.js';
import { t } from '../i18n.js';
import { nameOf } from './catalog.js';
import { MANA, SEAT_COLOURS, SEAT_DASHES, colourName, glyphShape } from './symbols.js';
import { cabalOrigins } from './revealed.js';

const SCALE = 10;
const MARGIN_X = 46;
const MARGIN_Y = 40;
const R = 24;
const at = (loc) => [MARGIN_X + loc.x * SCALE, MARGIN_Y + loc.y * SCALE];
export const linkKey = (a, b) => (a <= b ? `${a}|${b}` : `${b}|${a}`);

function CabalToken({ x, y, count, origins }) {
  const pts = [0, 1, 2, 3, 4, 5].map((k) => {
    const a = Math.PI / 3 * k + Math.PI / 6;
    return `${x + 10 * Math.cos(a)},${y + 10 * Math.sin(a)}`;
  }).join(' ');
  return html`<g class="cabal-token">${origins.length ? html`<title>${origins.join('\n')}</title>` : null}
    <polygon points=${pts} fill="#7a1020" stroke="#1f1b16" stroke-width="1.5"/>
    <polygon points=${`${x - 5},${y - 3} ${x + 5},${y - 3} ${x},${y + 5}`} fill="#f6f1e4"/>
    ${count > 1 ? html`<text x=${x + 13} y=${y + 5} class="token-count">${count}</text>` : null}</g>`;
}

function ArtifactToken({ x, y, count }) {
  return html`<g class="artifact-token">
    <polygon points=${`${x},${y - 11} ${x + 10},${y} ${x},${y + 11} ${x - 10},${y}`} fill="#e3b23c" stroke="#1f1b16" stroke-width="1.5"/>
    <circle cx=${x} cy=${y} r="3.2" fill="#fffbe6" stroke="#6b4f00" stroke-width="1"/>
    ${count > 1 ? html`<text x=${x + 13} y=${y + 5} class="token-count">${count}</text>` : null}</g>`;
}

function Manalith({ x, y, seat }) {
  const fill = SEAT_COLOURS[seat % SEAT_COLOURS.length];
  return html`<g class="manalith">
    <polygon points=${`${x - 6.5},${y + 12} ${x - 5},${y - 8} ${x},${y - 16} ${x + 5},${y - 8} ${x + 6.5},${y + 12}`}
      fill=${fill} stroke="#1f1b16" stroke-width="1.8"/>
    ${glyphShape(seat, x, y + 2, 3.4)}</g>`;
}

/** The hint's move drawn from one location to the other, stopping short of both discs. */
function HintArrow({ catalog, action, from, to }) {
  const [x1, y1] = at(catalog.raw.locations[from]);
  const [x2, y2] = at(catalog.raw.locations[to]);
  const len = Math.hypot(x2 - x1, y2 - y1) || 1;
  const [ux, uy] = [(x2 - x1) / len, (y2 - y1) / len];
  const gap = R + 14;
  return html`<g class="hint-arrow" data-action=${action}>
    <line x1=${x1 + ux * gap} y1=${y1 + uy * gap} x2=${x2 - ux * (gap + 4)} y2=${y2 - uy * (gap + 4)}
      marker-end="url(#hint-head)"/></g>`;
}

/** ``hint``: the hint's marks (hint.js ``hintMarks``), or null. */
export function DominariaMap({ catalog, view, names, selected, targets, linkTargets, onLocation, onLink, hint }) {
  const raw = catalog.raw;
  const heroes = new Map(); // location -> [[seat, count]]
  const manaliths = new Map(); // location -> [seat]
  const leylines = new Map(); // link key -> [seat]
  view.players.forEach((p, seat) => {
    const counts = {};
    for (const loc of p.heroes) counts[loc] = (counts[loc] || 0) + 1;
    for (const [loc, n] of Object.entries(counts)) {
      if (!heroes.has(loc)) heroes.set(loc, []);
      heroes.get(loc).push([seat, n]);
    }
    for (const loc of p.manaliths) {
      if (!manaliths.has(loc)) manaliths.set(loc, []);
      manaliths.get(loc).push(seat);
    }
    for (const [a, b] of p.leylines) {
      const key = linkKey(a, b);
      if (!leylines.has(key)) leylines.set(key, []);
      leylines.get(key).push(seat);
    }
  });
  const fromCards = cabalOrigins(view, names);
  const targetSet = targets || new Set();
  const linkSet = linkTargets || new Set();
  const hinted = new Set(hint ? hint.locations : []);
  const hintLink = hint && hint.link ? linkKey(hint.link[0], hint.link[1]) : null;
  const width = MARGIN_X * 2 + 100 * SCALE;
  const height = MARGIN_Y + 60 * SCALE + 56;

  const links = raw.links.map(({ a, b }) => {
    const [x1, y1] = at(raw.locations[a]);
    const [x2, y2] = at(raw.locations[b]);
    const key = linkKey(a, b);
    const seats = leylines.get(key) || [];
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    const nx = -(y2 - y1) / len;
    const ny = (x2 - x1) / len;
    const lit = linkSet.has(key);
    const label = t('dom.map.link', { from: nameOf(catalog, a), to: nameOf(catalog, b) });
    return html`<g class=${`link ${lit ? 'target' : ''}`} data-link=${key}>
      <line x1=${x1} y1=${y1} x2=${x2} y2=${y2} class="link-line"/>
      ${seats.map((seat, i) => {
        const off = (i - (seats.length - 1) / 2) * 8;
        const c = { x1: x1 + nx * off, y1: y1 + ny * off, x2: x2 + nx * off, y2: y2 + ny * off };
        return html`<g class="leyline"><line ...${c} stroke="#1f1b16" stroke-width="7.5" stroke-linecap="round"/>
          <line ...${c} stroke=${SEAT_COLOURS[seat % SEAT_COLOURS.length]} stroke-width="5"
            stroke-dasharray=${SEAT_DASHES[seat % SEAT_DASHES.length] || undefined}/></g>`;
      })}
      ${key === hintLink && html`<line x1=${x1} y1=${y1} x2=${x2} y2=${y2} class="hint-link" data-action=${hint.action}/>`}
      ${lit && html`<line x1=${x1} y1=${y1} x2=${x2} y2=${y2} class="link-hit" role="button" tabindex="0"
        aria-label=${label} onClick=${() => onLink && onLink(a, b)}
        onKeyDown=${(e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); onLink && onLink(a, b); } }}>
        <title>${label}</title></line>`}
    </g>`;
  });

  const locations = Object.values(raw.locations).map((loc) => {
    const [x, y] = at(loc);
    const mana = view.map_mana[loc.id] || 0;
    const cabal = view.cabal_tokens[loc.id] || 0;
    const artifact = view.artifact_tokens[loc.id] || 0;
    const here = heroes.get(loc.id) || [];
    const built = manaliths.get(loc.id) || [];
    const m = MANA[loc.colour];
    const isTarget = targetSet.has(loc.id);
    const isSelected = selected === loc.id;
    const parts = [nameOf(catalog, loc.id), colourName(loc.colour), t('dom.map.mana_here', { count: mana })];
    if (loc.start) parts.push(t('dom.map.start'));
    if (cabal) parts.push(t('dom.map.cabal_here', { count: cabal }), ...(fromCards[loc.id] || []));
    if (artifact) parts.push(t('dom.map.artifact_here', { count: artifact }));
    for (const [seat, n] of here) parts.push(t('dom.map.heroes_of', { name: names[seat], count: n }));
    for (const seat of built) parts.push(t('dom.map.manalith_of', { name: names[seat] }));
    if (hinted.has(loc.id)) parts.push(t('dom.hint.on_map'));
    const label = parts.join(', ');
    const act = () => onLocation && onLocation(loc.id);
    const heroWidth = 30;
    const heroStart = x - ((here.length - 1) * heroWidth) / 2;
    // Named by its <title> (SVG's own way), not aria-label: the name starts with the place's
    // name, then says what the numbers drawn beside it count.
    return html`<g class=${`loc ${isTarget ? 'target' : ''} ${isSelected ? 'selected' : ''} ${onLocation ? 'clickable' : ''}`}
        data-loc=${loc.id} role=${onLocation ? 'button' : 'img'} tabindex=${onLocation ? 0 : undefined}
        aria-pressed=${onLocation ? isSelected : undefined} onClick=${act}
        onKeyDown=${(e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); act(); } }}>
      <title>${label}</title>
      <rect x=${x - 60} y=${y - 36} width="120" height="118" class="loc-hit"/>
      ${isTarget && html`<circle cx=${x} cy=${y} r=${R + 11} class="target-ring"/>`}
      ${isSelected && html`<circle cx=${x} cy=${y} r=${R + 9} class="selected-ring"/>`}
      ${hinted.has(loc.id) && html`<circle cx=${x} cy=${y} r=${R + 14} class="hint-ring"/>`}
      ${loc.start && html`<circle cx=${x} cy=${y} r=${R + 5} class="start-ring"/>`}
      <circle cx=${x} cy=${y} r=${R} fill=${m.fill} class="loc-disc"/>
      ${loc.start && html`<text x=${x} y=${y - R - 9} class="start-star">★</text>`}
      ${mana > 0 && html`<text x=${x} y=${y + 1} class="mana-count" fill=${m.ink}>${mana}</text>`}
      ${mana === 0 && html`<text x=${x} y=${y + 1} class="mana-count empty" fill=${m.ink}>·</text>`}
      ${artifact > 0 && html`<${ArtifactToken} x=${x + R + 6} y=${y - R + 6} count=${artifact}/>`}
      ${cabal > 0 && html`<${CabalToken} x=${x + R + 8} y=${y + 12} count=${cabal} origins=${fromCards[loc.id] || []}/>`}
      ${built.map((seat, i) => html`<${Manalith} x=${x - R - 12 - i * 15} y=${y + 2} seat=${seat}/>`)}
      <text x=${x} y=${y + R + 17} class="loc-name">${nameOf(catalog, loc.id)}</text>
      ${here.map(([seat, n], i) => html`<g class="hero" data-seat=${seat}>
        ${glyphShape(seat, heroStart + i * heroWidth, y + R + 37, 9)}
        ${n > 1 ? html`<text x=${heroStart + i * heroWidth + 11} y=${y + R + 47} class="hero-count">${n}</text>` : null}</g>`)}
    </g>`;
  });

  return html`<svg class="dom-map" viewBox=${`0 0 ${width} ${height}`} role="group"
      aria-label=${t('dom.map.title')} preserveAspectRatio="xMidYMid meet">
    <defs><marker id="hint-head" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4" markerHeight="4" orient="auto">
      <path d="M0,0 L10,5 L0,10 z" class="hint-head"/></marker></defs>
    <rect x="0" y="0" width=${width} height=${height} class="sea"/>
    <g class="links">${links}</g>
    <g class="locations">${locations}</g>
    ${hint && hint.arrow && html`<${HintArrow} catalog=${catalog} action=${hint.action} from=${hint.arrow[0]} to=${hint.arrow[1]}/>`}
  </svg>`;
}
