// A printed score pad for a whole table: a line to write which scoring card lies under each
// edict, then one row per player with, for each season, the stars of the two edicts it scores
// (as the engine's seasons say), the coins, the stars lost to monsters and the season's total,
// and the game's total.
import { html } from '../html.js';
import { t, nameIn } from '../i18n.js';
import { Glyph, TableLink } from './print_sheet.js';

/** The edicts' letters in the order the seasons first score them (A, B, C, D). */
const edictLetters = (seasons) => [...new Set(seasons.flatMap((s) => s.edicts))];

/** props: seasons (the catalogue's, of the box played), rows (how many players), qr, link, and
 * edicts: the names of the cards under edicts A-D when the table is known (null: blank lines). */
export function ScorePad({ seasons, rows, qr, link, edicts }) {
  return html`<section class="print-sheet score-pad" aria-label=${t('paper_print.pad')}>
    <header class="sheet-head">
      <div class="sheet-lines">
        <h2 class="pad-title">${t('paper_print.pad')}</h2>
        <div class="pad-edicts">${edictLetters(seasons).map((letter, k) => html`<div class="fill-line" data-edict=${letter}>
          <span>${t('paper_print.edict_card', { letter: t(`edict.letter.${letter}`) })}</span>
          ${edicts ? html`<span class="line named" data-edict-name>${edicts[k]}</span>` : html`<span class="line"></span>`}</div>`)}</div>
      </div>
      <${TableLink} link=${link} qr=${qr}/>
    </header>
    <table class="pad">
      <thead>
        <tr><th rowspan="2" scope="col" class="pad-name">${t('board.player')}</th>
          ${seasons.map((s) => html`<th colspan=${s.edicts.length + 3} scope="colgroup" data-season=${s.id}>${nameIn(s.names)}</th>`)}
          <th rowspan="2" scope="col" class="pad-total">${t('scores.total')}</th></tr>
        <tr>${seasons.map((s) => html`
          ${s.edicts.map((letter, i) => html`<th scope="col" class=${i === 0 ? 'season-start' : ''}>${t(`edict.letter.${letter}`)}</th>`)}
          <th scope="col"><${Glyph} href="#m-coin"/><span class="sr-only">${t('scores.coins')}</span></th>
          <th scope="col">−<${Glyph} href="#t-monster"/><span class="sr-only">${t('scores.monsters')}</span></th>
          <th scope="col" class="season-sum">=</th>`)}</tr>
      </thead>
      <tbody>${Array.from({ length: rows }, (_, row) => html`<tr data-row=${row}>
        <td class="pad-name"></td>
        ${seasons.map((s) => html`${s.edicts.map((_, i) => html`<td class=${i === 0 ? 'season-start' : ''}></td>`)}<td></td><td></td><td class="season-sum"></td>`)}
        <td class="pad-total"></td></tr>`)}</tbody>
    </table>
  </section>`;
}
