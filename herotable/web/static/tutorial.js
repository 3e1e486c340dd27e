// Tutorial mode: a game the server set up from a tutorial (its object's `tutorial` names the
// script) is guided by a coach box beside the table. The step shown is worked out from the
// seat's view alone, as herotable/tutorials/script.py says, so a reload resumes where the game
// is: the last step whose trigger matches the view, from the start of its run of steps with
// the same trigger (read in turn with "next"); no match keeps the step shown last. The coach
// points at a control (`data-tour`), marks the suggested move's buttons and places
// (`data-action`, `data-loc`, `data-card`), and the table draws what it can of it.
import { html } from './html.js';
import { t } from './i18n.js';
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, rememberSeat } from './api.js';

const OFF_KEY = (id) => `herotable.tutorial-off.${id}`;
const scripts = new Map();

/** The script of `game`'s tutorial, asked for once per page. */
function loadScript(game) {
  if (!scripts.has(game)) scripts.set(game, api.tutorialScript(game).catch((e) => { scripts.delete(game); throw e; }));
  return scripts.get(game);
}

/** Start `game`'s tutorial: a new guided game whose seat this browser keeps; its page path. */
export async function startTutorial(game) {
  const started = await api.startTutorial(game);
  scripts.set(game, Promise.resolve(started.script));
  rememberSeat({ id: started.id, seat: 0, token: started.token, game, name: null });
  return `/g/${started.id}`;
}

function valueAt(view, path) {
  let value = view;
  for (const part of path.split('.')) {
    if (Array.isArray(value)) {
      if (part === 'length') value = value.length;
      else if (/^\d+$/.test(part) && Number(part) < value.length) value = value[Number(part)];
      else return null;
    } else if (value && typeof value === 'object') value = value[part] ?? null;
    else return null;
  }
  return value;
}

function matches(trigger, view) {
  return Object.entries(trigger).every(([path, wanted]) => {
    const found = valueAt(view, path);
    if (wanted && typeof wanted === 'object') return Number.isInteger(found) && found >= wanted.min;
    return found === wanted;
  });
}

const sameTrigger = (a, b) => JSON.stringify(a.trigger) === JSON.stringify(b.trigger);

/** The index of the first step of the stop `view` is at (-1: none matches). */
function stopAt(steps, view) {
  let last = -1;
  steps.forEach((step, i) => { if (matches(step.trigger, view)) last = i; });
  let first = last;
  while (first > 0 && sameTrigger(steps[first - 1], steps[last])) first -= 1;
  return first;
}

/** The guidance for game object `state` (null: no tutorial, or left). */
export function useTutorial(state) {
  const id = state && state.id;
  const game = state && state.tutorial;
  const [script, setScript] = useState(null);
  const [, setLeft] = useState(0); // bumped when the person leaves the tutorial
  const off = Boolean(id && localStorage.getItem(OFF_KEY(id)));
  const [stop, setStop] = useState(-1);
  const [page, setPage] = useState(0);
  useEffect(() => { if (game && !off) loadScript(game).then(setScript).catch(() => setScript(null)); }, [game, off]);
  const steps = script ? script.steps : [];
  const found = state && steps.length ? stopAt(steps, state.view) : -1;
  useEffect(() => { if (found >= 0 && found !== stop) { setStop(found); setPage(0); } }, [found]);
  if (!game || off || stop < 0 || !steps.length || state.over) return null;
  let run = 1;
  while (stop + run < steps.length && sameTrigger(steps[stop], steps[stop + run])) run += 1;
  const index = Math.min(stop + page, stop + run - 1);
  const leave = () => { localStorage.setItem(OFF_KEY(id), '1'); setLeft((n) => n + 1); };
  return {
    step: steps[index], index, total: steps.length, more: index < stop + run - 1,
    next: () => setPage((p) => p + 1), leave,
  };
}

/** Mark what the step points at and the places its suggested move uses, and keep them
 * marked while the table redraws itself (a click that selects a location re-renders only the
 * table, which resets the classes it owns). */
function useMarks(step) {
  const point = step && step.point;
  const suggest = step && step.suggest;
  useEffect(() => {
    const marks = [];
    if (point) marks.push(['coach-point', `[data-tour="${point}"]`]);
    if (suggest) {
      const words = suggest.split(' ');
      const picks = [`[data-action="${suggest}"]`, ...words.slice(1).flatMap((w) => [`[data-loc="${w}"]`, `[data-card="${w}"]`])];
      marks.push(['coach-suggest', picks.join(', ')]);
    }
    const clear = () => ['coach-point', 'coach-suggest'].forEach((mark) => document.querySelectorAll(`.${mark}`).forEach((el) => el.classList.remove(mark)));
    // Only missing marks are added: adding a class already there would still report a change
    // and wake the observer again.
    const apply = () => marks.forEach(([mark, selector]) => document.querySelectorAll(selector)
      .forEach((el) => { if (!el.classList.contains(mark)) el.classList.add(mark); }));
    clear();
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
    return () => { observer.disconnect(); clear(); };
  }, [point, suggest]);
}

/** The coach box: the step's text, "next", the hand-over and leaving the tutorial. */
export function Coach({ guide, navigate }) {
  const [leaving, setLeaving] = useState(false);
  const box = useRef(null);
  const step = guide && guide.step;
  useMarks(step);
  useEffect(() => { setLeaving(false); }, [step && step.id]);
  if (!guide) return null;
  const finish = step.finish;
  return html`<aside class="coach" ref=${box} aria-live="polite" aria-label=${t('tutorial.ui.title')} data-step=${step.id}>
    <div class="coach-head"><span class="coach-title">${t('tutorial.ui.title')}</span>
      <span class="muted small">${t('tutorial.ui.step', { n: guide.index + 1, total: guide.total })}</span></div>
    <div class="coach-text">${t(step.text).split('\n').map((line) => html`<p>${line}</p>`)}</div>
    ${step.suggest && !finish && html`<p class="coach-suggestion small">${t('tutorial.ui.suggested')}</p>`}
    ${guide.more && html`<button type="button" class="primary coach-next" onClick=${guide.next}>${t('tutorial.ui.next')} →</button>`}
    ${finish && html`<div class="coach-choices">
      <button type="button" class="primary" onClick=${guide.leave}>${t('tutorial.ui.continue')}</button>
      <button type="button" onClick=${() => { guide.leave(); navigate('/'); }}>${t('tutorial.ui.new_game')}</button></div>`}
    ${!finish && (leaving
      ? html`<div class="coach-choices"><span class="small">${t('tutorial.ui.leave_ask')}</span>
          <button type="button" onClick=${guide.leave}>${t('tutorial.ui.leave_keep')}</button>
          <button type="button" onClick=${() => { guide.leave(); navigate('/'); }}>${t('tutorial.ui.leave_lobby')}</button>
          <button type="button" class="quiet" onClick=${() => setLeaving(false)}>${t('tutorial.ui.stay')}</button></div>`
      : html`<button type="button" class="quiet coach-leave" onClick=${() => setLeaving(true)}>${t('tutorial.ui.leave')}</button>`)}
  </aside>`;
}
