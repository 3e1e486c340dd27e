// A running analysis in words: which decision the bot weighs of how many, the time left once
// the pace is known (measured on this page, from the progress it has seen), and that the
// analysis goes on on the server without the page (its task runs there and its result is
// kept with the game), so the person may leave and come back.
import { html } from './html.js';
import { t } from './i18n.js';
import { useRef } from 'preact/hooks';

// The pace is a guess until this many decisions have been weighed under the page's eyes.
const PACE_AFTER = 2;

/** Seconds left at the pace seen since the page first saw this analysis, or null while there
 * is no pace yet. Read at each poll, which renders the panel again. */
function useSecondsLeft(done, total) {
  const first = useRef(null); // {at, done}
  if (first.current === null || done < first.current.done) first.current = { at: Date.now(), done };
  const gained = done - first.current.done;
  const seconds = (Date.now() - first.current.at) / 1000;
  if (gained < PACE_AFTER || seconds <= 0) return null;
  return (total - done) * (seconds / gained);
}

function leftText(seconds) {
  if (seconds < 60) return t('marks.analysis.left_soon');
  const count = Math.round(seconds / 60);
  return t('marks.analysis.left_minutes', { count });
}

/** The progress of a running analysis: `done` of `total` decisions weighed. */
export function AnalysisProgress({ done, total }) {
  const left = useSecondsLeft(done, total);
  // The decision being weighed is the one after those done (the last while it finishes).
  const step = Math.min(done + 1, total);
  return html`<div class="analysis-progress">
    <progress max=${total || 1} value=${done} aria-label=${t('analysis.progress_label')}></progress>
    <span class="analysis-step">${total ? t('marks.analysis.step', { step, total }) : t('analysis.starting')}</span>
    ${left !== null && html`<span class="analysis-left muted">${leftText(left)}</span>`}
    <small class="analysis-away muted">${t('marks.analysis.away')}</small>
  </div>`;
}
