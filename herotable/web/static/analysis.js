// The analysis of a finished game: the strong bot replays it and weighs each decision of a
// chosen seat against its own choice, like a chess engine's analysis. The server runs it once
// and keeps it with the game; the page starts it, shows its progress while it runs, then
// lists the decisions biggest loss first. Opening one shows the position at that step (the
// replay) with both moves drawn on the map.
import { html } from './html.js';
import { t, has, formatNumber, refusalText } from './i18n.js';
import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from './api.js';
import { AnalysisProgress } from './analysis_progress.js';

const POLL_MS = 1000;

const round = (x) => Math.round(Number(x) * 10) / 10;

/** The analysis of seat `seat` of a finished game, polled while it runs. */
export function useAnalysis(id, state, token) {
  const over = Boolean(state && state.over);
  const ownSeat = state && state.seat !== null && state.seat !== undefined ? state.seat : null;
  const people = state ? state.seats.filter((s) => !s.bot).map((s) => s.seat) : [];
  const [seat, setSeat] = useState(null);
  const [data, setData] = useState(null); // the GET answer
  const [error, setError] = useState(null);
  const [closed, setClosed] = useState(false); // not for us to see (a running challenge's game)
  const [runs, setRuns] = useState(0);
  const [open, setOpen] = useState(null); // the review shown: {step, sheet, played, best}
  const chosen = seat ?? ownSeat ?? (people.length ? people[0] : 0);

  useEffect(() => {
    if (!over) return undefined;
    let stop = false;
    let timer = null;
    const load = async () => {
      try {
        const answer = await api.analysis(id, chosen, token); // a running challenge's player sees her own
        if (stop) return;
        setData(answer); setError(null);
        if (answer.status === 'running') timer = setTimeout(load, POLL_MS);
      } catch (e) {
        if (stop) return;
        if (e.code === 'challenge_hidden') setClosed(true);
        else setError(refusalText(e));
      }
    };
    load();
    return () => { stop = true; clearTimeout(timer); };
  }, [id, over, chosen, runs, token]);

  const start = async () => {
    setError(null);
    try {
      const answer = await api.analyse(id, chosen, token);
      setData({ status: answer.status, done: answer.done, total: answer.total, analysis: null });
      setRuns((n) => n + 1);
    } catch (e) {
      setError(refusalText(e));
    }
  };
  const choose = (s) => { setSeat(s); setData(null); setOpen(null); };
  // Only a seat of the game may start an analysis (the server refuses spectators).
  return { over: over && !closed, seat: chosen, ownSeat, people, data, error, start, choose, open, setOpen, canStart: Boolean(token) };
}

/** The sheet a move is drawn on: the seat's own, except a monster drawn (or a cell destroyed)
 * on a neighbour's map, found as the map the move changed. */
async function sheetOf(id, step, seat, action) {
  if (!/^(monster|destroy)\b/.test(action)) return seat;
  try {
    const [before, after] = await Promise.all([api.replay(id, step), api.replay(id, step + 1)]);
    const changed = before.view.sheets.findIndex((s, i) => after.view.sheets[i].grid.join('') !== s.grid.join(''));
    return changed >= 0 ? changed : seat;
  } catch {
    return seat;
  }
}

/** How a move reads: the game's own words when it has them (Cartographers), else its notation. */
function movesIn(words, action) { return words ? words(action) : action; }

/** What each reviewed decision was about ({step: name}), named by `subject` from the
 * replay's view at its step; empty while they load or when the game names nothing. */
function useSubjects(id, reviews, subject) {
  const [named, setNamed] = useState({});
  const steps = reviews ? reviews.map((r) => r.step).join(',') : '';
  useEffect(() => {
    setNamed({});
    if (!subject || !steps) return undefined;
    let stop = false;
    Promise.all(steps.split(',').map(Number).map((step) => api.replay(id, step)
      .then((data) => [step, subject(data.view)], () => [step, null])))
      .then((pairs) => { if (!stop) setNamed(Object.fromEntries(pairs)); });
    return () => { stop = true; };
  }, [id, steps, Boolean(subject)]);
  return named;
}

/**
 * The analysis panel. props: a (useAnalysis's result), names, words(action) (the game's
 * words for a move), subject(view) (what a decision in that view was about, or null),
 * openStep(step) (shows the position at a step), id, shownStep (the replay's step now, to
 * mark the review shown).
 */
export function AnalysisPanel({ a, id, names, words, subject, openStep, shownStep }) {
  const listRef = useRef(null);
  const data = a.data;
  const status = data ? data.status : null;
  const subjects = useSubjects(id, status === 'done' && data.analysis ? data.analysis.reviews : null, subject);
  if (!a.over) return null;
  const unit = (data && data.analysis && data.analysis.unit) || 'stars';
  const say = (kind, x) => t(has(`analysis.${kind}_${unit}`) ? `analysis.${kind}_${unit}` : `analysis.${kind}_stars`,
    { count: round(x), value: formatNumber(round(x)) });
  const lossText = (loss) => say('loss', loss);

  const openReview = async (r) => {
    const sheet = await sheetOf(id, r.step, a.seat, r.played);
    a.setOpen({ step: r.step, sheet, played: r.played, best: r.best });
    openStep(r.step);
  };

  let body = null;
  if (status === 'running') {
    body = html`<${AnalysisProgress} done=${data.done || 0} total=${data.total || 0}/>`;
  } else if (status === 'done' && data.analysis) {
    const reviews = [...data.analysis.reviews].sort((x, y) => y.loss - x.loss || x.step - y.step);
    body = html`<p class="analysis-sum">${t('analysis.summary', { count: reviews.length, lost: lossText(data.analysis.total_loss) })}</p>
      <ol class="reviews" ref=${listRef}>${reviews.map((r) => {
        // Numbered from 1, as the replay counts the position the decision was taken in.
        // Sampling may value the move played a little above the bot's own: no loss then.
        const same = r.played === r.best;
        const none = same || round(r.loss) <= 0;
        const on = a.open && a.open.step === r.step && shownStep === r.step;
        return html`<li class=${`review ${on ? 'on' : ''} ${same ? 'same' : ''}`} data-step=${r.step}>
          <button type="button" onClick=${() => openReview(r)} aria-pressed=${on}>
            <span class="review-head"><b>${t('analysis.step', { step: r.step + 1 })}</b>
              ${subjects[r.step] && html`<span class="review-card">${subjects[r.step]}</span>`}
              <span class=${none ? 'loss none' : 'loss'}>${same ? t('analysis.as_bot') : (none ? t('analysis.no_loss') : `−${lossText(r.loss)}`)}</span></span>
            <span class="review-move played-move">${t('analysis.played', { move: movesIn(words, r.played) })}</span>
            ${!same && html`<span class="review-move best-move">${t('analysis.best', { move: movesIn(words, r.best) })}</span>`}
          </button></li>`;
      })}</ol>`;
  } else if (status === 'failed') {
    body = html`<p class="error">${t('analysis.failed')}</p>
      ${a.canStart && html`<button type="button" onClick=${a.start}>${t('analysis.retry')}</button>`}`;
  } else if ((status === 'none' || (status === null && a.error)) && !a.canStart) {
    body = html`<p class="muted">${t('analysis.seats_only')}</p>`;
  } else if (status === 'none' || (status === null && a.error)) {
    const own = a.seat === a.ownSeat;
    body = html`<button type="button" class="primary" onClick=${a.start}>${own ? t('analysis.start') : t('analysis.start_for', { name: names[a.seat] })}</button>
      <small class="muted">${t('analysis.about')}</small>`;
  } else if (status === null) {
    body = html`<p class="muted">${t('game.loading')}</p>`;
  }
  return html`<section class="analysis" aria-label=${t('analysis.title')}>
    <div class="analysis-head"><h3>${t('analysis.title')}</h3>
      ${names.length > 1 && html`<label class="analysis-seat">${t('analysis.whose')}
        <select value=${a.seat} onChange=${(e) => a.choose(Number(e.target.value))}>
          ${names.map((name, seat) => html`<option value=${seat}>${name}</option>`)}</select></label>`}
    </div>
    ${body}
    ${a.error && html`<p class="error" role="alert">${a.error}</p>`}
  </section>`;
}

/** The legend of the two outlines an opened review draws on the map. */
export function AnalysisLegend() {
  return html`<div class="legend" aria-label=${t('analysis.legend')}>
    <span class="legend-item"><svg viewBox="0 0 14 10" width="22" height="16" aria-hidden="true"><rect class="swatch played" x="1" y="1" width="12" height="8"/></svg>${t('analysis.legend_played')}</span>
    <span class="legend-item"><svg viewBox="0 0 14 10" width="22" height="16" aria-hidden="true"><rect class="swatch best" x="1" y="1" width="12" height="8"/></svg>${t('analysis.legend_best')}</span>
  </div>`;
}
