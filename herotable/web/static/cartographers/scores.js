// The final standings, as the engine ranked them (the seasons' breakdowns are the
// scoreboard's, scoreboard.js): nothing here adds up a score.
import { html } from '../html.js';
import { t, nameIn } from '../i18n.js';

/** The final standings and, in a solo game, its rating and title: all as the view gives them. */
export function Standings({ state, names }) {
  const view = state.view;
  return html`<div class="standings">
    <h2>${t('standings.title')}</h2>
    <ol>${view.standings.map((s) => html`<li class=${s.rank === 1 ? 'winner' : ''}><span class="rank">${s.rank}</span>
        <span class="who">${names[s.player]}</span><b>${t('edict.stars', { count: s.total })}</b>
        <span class="muted">${t('standings.lost', { count: s.tiebreak })}</span></li>`)}</ol>
    <${SoloResult} solo=${view.solo}/>
  </div>`;
}

/** A solo game's rating against its par and the title it earns, as the engine gives them
 * ({par, rating, title}); nothing when `solo` is null. */
export function SoloResult({ solo }) {
  if (!solo) return null;
  return html`<div class="solo">
      <div>${t('solo.rating', { rating: solo.rating > 0 ? `+${solo.rating}` : solo.rating, par: solo.par })}</div>
      <div class="solo-title">${solo.title ? nameIn(solo.title) : t('solo.no_title')}</div></div>`;
}
