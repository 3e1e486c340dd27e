// The four seasons: which one is on, time spent against its threshold.
import { html } from '../html.js';
import { t, nameIn } from '../i18n.js';

export function SeasonTrack({ view, catalog }) {
  const seasons = catalog.seasonsFor(view.config.seasons || 'heroes');
  return html`<ol class="seasons" data-tour="season" aria-label=${t('season.track')}>
    ${seasons.map((s, i) => {
      const now = i === view.season_index && !view.over;
      const past = i < view.season_index || view.over;
      const threshold = s.time; // the view's season_threshold is the current season's time
      const spent = now ? view.season_time : (past ? s.time : 0);
      // The card that ends a season may take the time past its length: the track stops full.
      const time = Math.min(spent, threshold);
      const pips = Array.from({ length: threshold }, (_, k) => html`<i class=${k < time ? 'pip on' : 'pip'}></i>`);
      return html`<li class=${`season ${now ? 'now' : ''} ${past ? 'past' : ''}`} aria-current=${now ? 'step' : undefined}>
        <div class="season-head"><b>${nameIn(s.names)}</b>
          <span class="season-edicts">${(s.edicts || []).map((l) => t(`edict.letter.${l}`)).join(' ')}</span></div>
        <div class="pips" title=${t('season.time', { time, threshold })}>${pips}</div>
        ${now && html`<div class="season-time">${spent >= threshold ? t('season.time_up') : t('season.time', { time, threshold })}</div>`}
      </li>`;
    })}
  </ol>`;
}

export function seasonLetters(view, catalog, index) {
  const seasons = catalog.seasonsFor(view.config.seasons || 'heroes');
  const s = seasons[index];
  return s ? s.edicts : [];
}
