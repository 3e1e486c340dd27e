// Every player's seasons side by side, as the engine scored them: per season each edict's
// stars, the coins, the stars lost to monsters and the season's total, then the running total
// (the view's running_totals). Nothing here adds up a score. A season being announced
// (`reveal`: {season, step}) shows its parts one at a time, in the order they count.
import { html } from '../html.js';
import { t, nameIn } from '../i18n.js';

// A season's parts in the order its end counts them: edict A, edict B, coins, monsters,
// then the season's and the running total.
export const COUNT_STEPS = 5;

/** A small picture from the map's symbols (a coin, a monster cell). */
const Icon = ({ href }) => html`<svg class="ico" viewBox="0 0 10 10" aria-hidden="true"><use href=${href}/></svg>`;

/**
 * props: view, catalog, names, shown (the seat whose map is big), reveal (the season being
 * counted up and how far, or null), onFocus(seat), onLight(seat, season, letter).
 */
export function Scoreboard({ view, catalog, names, shown, reveal, onFocus, onLight }) {
  const seasons = catalog.seasonsFor(view.config.seasons || 'heroes');
  const running = view.running_totals || [];
  // How many parts of season k are shown: all, except in the season being counted up.
  const upTo = (k) => (reveal && reveal.season === k ? reveal.step : COUNT_STEPS);
  const part = (k, i) => {
    const n = upTo(k);
    if (i >= n) return 'part pending';
    return reveal && reveal.season === k && i === n - 1 ? 'part new' : 'part';
  };
  const runningShown = (p) => {
    const after = running[p] || []; // the player's stars after each season scored
    if (!after.length) return '';
    const last = after.length - 1;
    if (upTo(last) >= COUNT_STEPS) return after[last];
    return last > 0 ? after[last - 1] : '';
  };
  return html`<table class="scores scoreboard">
    <caption>${t('board.title')}</caption>
    <thead><tr><th scope="col">${t('board.player')}</th>
      ${seasons.map((s) => html`<th scope="col">${nameIn(s.names)}</th>`)}
      <th scope="col">${t('scores.total')}</th></tr></thead>
    <tbody>${view.sheets.map((_sheet, p) => {
      const rows = view.scores[p] || [];
      return html`<tr class=${p === shown ? 'on' : ''} onClick=${() => onFocus(p)}>
        <th scope="row"><button type="button" class="who" aria-pressed=${p === shown}
            title=${t('board.show_map', { name: names[p] })}
            onClick=${(e) => { e.stopPropagation(); onFocus(p); }}>${names[p]}</button></th>
        ${seasons.map((s, k) => html`<td class="season-cell">${rows[k] && html`<span class="parts">
            ${rows[k].edicts.map(([letter, card, stars], i) => html`<button type="button" class=${`${part(k, i)} edict`}
                title=${nameIn((catalog.card(card) || {}).names)}
                onClick=${(e) => { e.stopPropagation(); onLight(p, k, letter); }}>${t(`edict.letter.${letter}`)} <b>${stars}</b></button>`)}
            <span class=${`${part(k, 2)} coin`} title=${t('board.coins', { count: rows[k].coins })}><${Icon} href="#m-coin"/>${rows[k].coins}</span>
            <span class=${`${part(k, 3)} monster`} title=${t('board.monsters', { count: rows[k].monsters })}><${Icon} href="#t-monster"/>${rows[k].monsters}</span>
          </span><b class=${`season-total ${part(k, 4)}`}
            title=${t('board.season_total', { season: nameIn(s.names), count: rows[k].total })}>${rows[k].total}</b>`}</td>`)}
        <td class=${`running ${reveal && upTo(reveal.season) >= COUNT_STEPS ? 'new' : ''}`}><b>${runningShown(p)}</b></td>
      </tr>`;
    })}</tbody>
  </table>`;
}
