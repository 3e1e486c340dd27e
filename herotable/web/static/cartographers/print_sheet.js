// A printed map sheet, to play on paper with pencils: the name lines, the side's map with its
// printed mountains, ruins and wastelands in the table's own drawings (map.js), the coin track,
// a legend of the terrains' glyphs, and the four seasons' score boxes. The seasons and the
// edicts each one scores come from the engine's catalogue.
import { html } from '../html.js';
import { t, nameIn } from '../i18n.js';
import { MapView } from './map.js';

// The terrains a player draws, then what the sheet comes printed with: the legend's order.
const LEGEND = ['forest', 'village', 'farm', 'water', 'monster', 'hero', 'mountain', 'wasteland'];

/** A small picture from the map's symbols (a coin, a monster cell, a terrain). */
export const Glyph = ({ href, className = 'glyph-ico' }) =>
  html`<svg class=${className} viewBox="0 0 10 10" aria-hidden="true"><use href=${href}/></svg>`;

/** A line to write on, after its label. */
const FillLine = ({ label }) => html`<div class="fill-line"><span>${label}</span><span class="line"></span></div>`;

/** The table's link (a shared paper table's address) as its QR code and its short text. */
export function TableLink({ link, qr }) {
  if (!link) return null;
  const short = link.replace(/^https?:\/\//i, '').replace(/\/$/, '');
  return html`<div class="table-link">
    ${qr && html`<img class="qr" src=${qr} alt=${t('paper_print.qr_alt', { link: short })}/>`}
    <span class="link-text">${short}</span>
  </div>`;
}

/** One season's box: a square for each edict it scores, the coins and the monsters, and
 * the season's total. */
function SeasonBox({ season }) {
  return html`<div class="season-box" data-season=${season.id}>
    <div class="season-name">${nameIn(season.names)}</div>
    <div class="boxes">
      ${season.edicts.map((letter) => html`<div class="box" data-edict=${letter}><span class="box-mark">${t(`edict.letter.${letter}`)}</span></div>`)}
      <div class="box total"><span class="box-mark">=</span></div>
      <div class="box" title=${t('scores.coins')}><span class="box-mark"><${Glyph} href="#m-coin"/></span></div>
      <div class="box" title=${t('scores.monsters')}><span class="box-mark">−<${Glyph} href="#t-monster"/></span></div>
    </div>
  </div>`;
}

/** props: side (the catalogue's map side), catalog (indexed), qr (the link's QR code as an
 * image address, or null), link. */
export function PrintedSheet({ side, catalog, qr, link }) {
  const seasons = catalog.seasonsFor(side.box);
  const sheet = { grid: side.grid.filter((line) => line.length), coins: 0 };
  return html`<section class="print-sheet map-sheet" data-side=${side.id} aria-label=${nameIn(side.names)}>
    <header class="sheet-head">
      <div class="sheet-lines">
        <div class="sheet-side">${nameIn(side.names)}</div>
        <${FillLine} label=${t('paper_print.cartographer')}/>
        <${FillLine} label=${t('paper_print.rank')}/>
      </div>
      <${TableLink} link=${link} qr=${qr}/>
    </header>
    <div class="sheet-map"><${MapView} sheet=${sheet} catalog=${catalog} mountainCoins title=${nameIn(side.names)}/></div>
    <ul class="legend">${LEGEND.map((terrain) => html`<li><${Glyph} href=${`#t-${terrain}`}/>${t(`terrain.${terrain}`)}</li>`)}
      <li><${Glyph} href="#m-ruins-big"/>${t('terrain.ruins')}</li>
      <li><${Glyph} href="#m-coin"/>${t('scores.coins')}</li></ul>
    <div class="season-boxes">
      ${seasons.map((season) => html`<${SeasonBox} season=${season}/>`)}
      <div class="season-box grand">
        <div class="season-name">${t('scores.total')}</div>
        <div class="box total"><${Glyph} href="#m-star" className="glyph-ico star"/></div>
      </div>
    </div>
  </section>`;
}
