// A season's end, announced: when the view brings a new season's scores (against the last
// view this page showed, never on opening a game already under way), the scoreboard counts
// the new column up part by part, then a standings strip stays until the next card. About
// 3 s in all; a click or Escape skips to the final numbers; under reduced motion they show
// at once. A screen reader hears one sentence.
import { html } from '../html.js';
import { t, nameIn } from '../i18n.js';
import { useEffect, useRef, useState } from 'preact/hooks';
import { COUNT_STEPS } from './scoreboard.js';

const STEP_MS = 480;

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion:reduce)').matches;

// The card a strip waits for: a new card revealed (or the next season's first).
const cardKey = (view) => `${view.season_index}:${view.revealed.length}`;

/**
 * The season being announced, {season, step, card}, or null; ``live`` false (a replay) never
 * announces. ``step`` counts the parts shown, up to COUNT_STEPS (all: the count is over).
 */
export function useSeasonEnd(view, live) {
  const scored = Math.max(0, ...view.scores.map((rows) => rows.length)); // seasons scored so far
  const seen = useRef(null);
  const [end, setEnd] = useState(null);

  useEffect(() => {
    const before = seen.current;
    seen.current = scored;
    if (!live) { setEnd(null); return; }
    if (before !== null && scored > before) {
      setEnd({ season: scored - 1, step: reducedMotion() ? COUNT_STEPS : 0, card: cardKey(view) });
    }
  }, [scored, live]);

  const counting = end !== null && end.step < COUNT_STEPS;
  useEffect(() => {
    if (!counting) return undefined;
    const timer = setTimeout(() => setEnd((e) => e && { ...e, step: e.step + 1 }), STEP_MS);
    return () => clearTimeout(timer);
  }, [end && end.step, counting]);

  // Any click or Escape shows the final numbers; the click still does what it was for.
  useEffect(() => {
    if (!counting) return undefined;
    const skip = () => setEnd((e) => e && { ...e, step: COUNT_STEPS });
    const onKey = (e) => { if (e.key === 'Escape') skip(); };
    window.addEventListener('pointerdown', skip, true);
    window.addEventListener('keydown', onKey, true);
    return () => {
      window.removeEventListener('pointerdown', skip, true);
      window.removeEventListener('keydown', onKey, true);
    };
  }, [counting]);

  const key = cardKey(view);
  useEffect(() => { if (end && end.card !== key) setEnd(null); }, [key]);
  return end;
}

/** The edict letter whose cells light while ``end`` counts it, on seat ``seat``'s map. */
export function countedEdict(end, view, seat) {
  if (!end || end.step < 1 || end.step > 2) return null;
  const row = (view.scores[seat] || [])[end.season];
  const edict = row && row.edicts[end.step - 1];
  return edict ? edict[0] : null;
}

/** What the season's end says: the sentence for a screen reader, then the standings strip. */
export function SeasonEndNews({ end, view, catalog, names }) {
  if (!end) return null;
  const seasons = catalog.seasonsFor(view.config.seasons || 'heroes');
  const season = seasons[end.season] ? nameIn(seasons[end.season].names) : '';
  const scores = names.map((name, p) => t('board.score', { name, stars: (view.scores[p][end.season] || {}).total }));
  const places = view.standings.map((s) => t('board.place', { rank: s.rank, name: names[s.player], stars: s.total }));
  return html`<div class="season-end-news">
    <p role="status" class="sr-only">${t('board.scored', { season, scores: scores.join(', ') })}</p>
    ${end.step < COUNT_STEPS
      ? html`<p class="season-end-count muted" aria-hidden="true">${t('board.skip')}</p>`
      : !view.over && html`<p class="standings-strip" aria-hidden="true"><b>${season}</b> ${places.join(' · ')}</p>`}
  </div>`;
}
