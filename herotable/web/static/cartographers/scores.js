// Season breakdowns (edicts, coins, monsters) and the final standings.
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

export function Standings({ state, catalog, names }) {
  const view = state.view;
  const totals = view.scores.map((rows) => rows.reduce((a, r) => a + r.total, 0));
  const lost = view.scores.map((rows) => rows.reduce((a, r) => a + r.monsters, 0));
  const order = totals.map((_, i) => i).sort((a, b) => totals[b] - totals[a] || lost[a] - lost[b]);
  let solo = null;
  if (totals.length === 1) {
    const par = view.scoring.reduce((a, id) => a + ((catalog.card(id) || {}).solo || 0), 0);
    const rating = totals[0] - par;
    const title = catalog.titleFor(rating);
    solo = html`<div class="solo">
      <div>${t('solo.rating', { rating: rating > 0 ? `+${rating}` : rating, par })}</div>
      <div class="solo-title">${title ? nameIn(title.names) : t('solo.no_title')}</div></div>`;
  }
  let rank = 0;
  return html`<div class="standings">
    <h2>${t('standings.title')}</h2>
    <ol>${order.map((p, i) => {
      if (i === 0 || totals[p] !== totals[order[i - 1]] || lost[p] !== lost[order[i - 1]]) rank = i + 1;
      return html`<li class=${rank === 1 ? 'winner' : ''}><span class="rank">${rank}</span>
        <span class="who">${names[p]}</span><b>${t('edict.stars', { count: totals[p] })}</b>
        <span class="muted">${t('standings.lost', { count: lost[p] })}</span></li>`;
    })}</ol>
    ${solo}
  </div>`;
}
