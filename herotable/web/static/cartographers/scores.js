// Season breakdowns (edicts, coins, monsters) and the final standings, as the engine scored
// and ranked them: nothing here adds up a score.
import { html } from '../html.js';
import { t, nameIn } from '../i18n.js';

export function ScoreTable({ view, catalog, names, seat, onLight }) {
  const rows = view.scores[seat] || [];
  if (!rows.length) return null;
  const seasons = catalog.seasonsFor(view.config.seasons || 'heroes');
  const seasonName = (id) => {
    const s = seasons.find((x) => x.id === id);
    return s ? nameIn(s.names) : id;
  };
  return html`<table class="scores">
    <caption>${t('scores.title', { name: names[seat] || '' })}</caption>
    <thead><tr><th>${t('scores.season')}</th><th>${t('scores.edicts')}</th><th>${t('scores.coins')}</th><th>${t('scores.monsters')}</th><th>${t('scores.total')}</th></tr></thead>
    <tbody>${rows.map((r, k) => html`<tr>
      <th scope="row">${seasonName(r.season)}</th>
      <td>${r.edicts.map(([letter, card, stars]) => html`<button type="button" class="linkish"
          onClick=${() => onLight(k, letter)} title=${nameIn((catalog.card(card) || {}).names)}>
          ${t(`edict.letter.${letter}`)} ${stars}</button>`)}</td>
      <td>+${r.coins}</td><td>−${r.monsters}</td><td><b>${r.total}</b></td></tr>`)}
    </tbody>
  </table>`;
}

/** The final standings and, in a solo game, its rating and title: all as the view gives them. */
export function Standings({ state, names }) {
  const view = state.view;
  const solo = view.solo && html`<div class="solo">
      <div>${t('solo.rating', { rating: view.solo.rating > 0 ? `+${view.solo.rating}` : view.solo.rating, par: view.solo.par })}</div>
      <div class="solo-title">${view.solo.title ? nameIn(view.solo.title) : t('solo.no_title')}</div></div>`;
  return html`<div class="standings">
    <h2>${t('standings.title')}</h2>
    <ol>${view.standings.map((s) => html`<li class=${s.rank === 1 ? 'winner' : ''}><span class="rank">${s.rank}</span>
        <span class="who">${names[s.player]}</span><b>${t('edict.stars', { count: s.total })}</b>
        <span class="muted">${t('standings.lost', { count: s.tiebreak })}</span></li>`)}</ol>
    ${solo}
  </div>`;
}
