// One game's page: which seat this browser plays (several for hot-seat), the live
// connection, replay of a finished game, and spectating without a token.
import { html } from './html.js';
import { t, refusalText, useLanguage } from './i18n.js';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { api, adoptInvite, follow, localSeats } from './api.js';
import { GameTable, gameEntry, loadCatalog } from './games.js';
import { AnalysisPanel, useAnalysis } from './analysis.js';
import { challengePath } from './challenge.js';
import { seatNames } from './seats.js';
import { RulesPanel } from './rules.js';
import { Coach, useTutorial } from './tutorial.js';
import { handOver, heldOwing, withHeldPresent } from './hotseat.js';
import { TurnSignalToggles, useTurnSignals } from './signals.js';

/** The seat's own invitation link, to come back from another device; the lobby goes straight
 * to the table when nobody else is invited, so this is where it is found. */
function SeatLink({ id, token, name }) {
  const [copied, setCopied] = useState(null); // true, or false: the clipboard refused
  const url = `${location.origin}/g/${id}#token=${token}`;
  const copy = async () => {
    try { await navigator.clipboard.writeText(url); setCopied(true); } catch { setCopied(false); }
  };
  return html`<span class="seat-link">
    <button type="button" class="quiet" onClick=${copy} title=${t('game.seat_link_help')}>
      ${copied ? t('lobby.copied') : t('game.seat_link')}</button>
    ${copied === false && html`<input type="text" readonly value=${url} aria-label=${t('lobby.invite_for', { name })}
        onFocus=${(e) => e.target.select()}/>`}
  </span>`;
}

// The refusals that keep this page from showing the game at all (unknown, a running
// challenge's, a link of no seat, a damaged record, a data pack the server no longer plays);
// any other failure of the link is passing and retried.
const UNSHOWABLE = new Set(['unknown_game', 'challenge_hidden', 'not_a_seat', 'token_needed',
  'damaged_game', 'pack_not_served']);

export function GamePage({ id, navigate }) {
  useLanguage();
  const [ready, setReady] = useState(false);
  const [seats, setSeats] = useState([]);
  const [active, setActive] = useState(null); // the local seat playing now
  const [passTo, setPassTo] = useState(null); // hot-seat: {seat, newCard}, where the device goes
  const [state, setState] = useState(null);
  const [link, setLink] = useState('connecting');
  const [catalog, setCatalog] = useState(null);
  const [problem, setProblem] = useState(null);
  const [replay, setReplay] = useState(null); // {step, steps, state}
  const [rulesOpen, setRulesOpen] = useState(false);

  useEffect(() => {
    let stop = false;
    (async () => {
      try {
        await adoptInvite(id);
      } catch (e) {
        setProblem(refusalText(e));
        // A link whose token holds no seat says so and stops there: watching the game as a
        // spectator instead would hide that the link is wrong.
        if (UNSHOWABLE.has(e.code)) return;
      }
      if (stop) return;
      const mine = localSeats(id);
      setSeats(mine);
      setActive(mine.length ? mine[0].seat : null);
      setReady(true);
    })();
    return () => { stop = true; };
  }, [id]);

  const token = (seats.find((s) => s.seat === active) || {}).token;

  useEffect(() => {
    if (!ready) return undefined;
    setState(null);
    if (token) api.rejoin(id, token).catch(() => null); // coming back with the token is rejoining
    return follow(id, token, (data) => {
      setState((old) => (old && old.seq > data.seq && old.seat === data.seat ? old : data));
      setProblem(null);
    }, (status, error) => {
      setLink(status);
      if (error && UNSHOWABLE.has(error.code)) setProblem(refusalText(error));
    });
  }, [id, token, ready]);

  useEffect(() => {
    if (state && state.game && gameEntry(state.game) && !catalog) {
      loadCatalog(state.game).then(setCatalog).catch((e) => setProblem(refusalText(e)));
    }
  }, [state && state.game]);

  // Hot-seat: pass the device when another seat held here is to play (hotseat.js says which).
  const owedBefore = useRef([]);
  useEffect(() => {
    if (!state || seats.length < 2) return;
    const before = owedBefore.current;
    owedBefore.current = heldOwing(state, seats);
    if (state.over || passTo !== null || state.seat !== active) return;
    const next = handOver(state, seats, active, before);
    if (next) setPassTo(next);
  }, [state, seats, active]);
  const shown = useMemo(() => withHeldPresent(state, seats), [state, seats]);
  const signals = useTurnSignals(replay ? null : state, seats.map((s) => s.seat));

  // An action or an undo: its answer is the game; a stale seq fetches the game as it is.
  const send = async (request) => {
    try {
      const result = await request;
      signals.acted();
      setState(result);
    } catch (e) {
      if (e.code === 'stale_seq') { setState(await api.game(id, token)); }
      throw e;
    }
  };
  const act = useCallback((action) => send(api.act(id, token, state.seq, action)), [id, token, state && state.seq]);
  const undo = useCallback(() => send(api.undo(id, token, state.seq)), [id, token, state && state.seq]);
  const preview = useCallback((opts) => api.preview(id, token, opts), [id, token]);
  const hint = useCallback(() => api.hint(id, token), [id, token]);
  const analysis = useAnalysis(id, state, token);
  const guide = useTutorial(replay || !token ? null : state);

  // The step asked for last is the truth: each key press counts from it (presses faster than
  // the answers all count), and an answer for a step no longer wanted is dropped (answers
  // can come back out of order).
  const wanted = useRef(null);
  const goReplay = async (step) => {
    const steps = state.steps;
    const k = Math.max(0, Math.min(steps, step));
    wanted.current = k;
    let data;
    try { data = await api.replay(id, k); } catch { return; } // the step shown stays
    if (wanted.current === k) setReplay({ step: k, steps, state: data });
  };
  const stepReplay = (delta) => goReplay((wanted.current ?? 0) + delta);
  const closeReplay = () => { wanted.current = null; setReplay(null); };
  useEffect(() => {
    if (!replay) return undefined;
    const onKey = (e) => {
      const keys = { ArrowLeft: -1, ArrowRight: 1, Home: -1e9, End: 1e9, PageUp: -10, PageDown: 10 };
      if (keys[e.key] === undefined) return;
      e.preventDefault();
      stepReplay(keys[e.key]);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (problem && !state) return html`<main class="page"><p class="error">${problem}</p><a href="/" onClick=${navigate}>${t('nav.lobby')}</a></main>`;
  const entry = state && gameEntry(state.game);
  if (state && !entry) return html`<main class="page"><p>${t('game.no_table', { game: state.game })}</p></main>`;
  if (!state || !catalog) return html`<main class="page"><p class="muted">${t('game.loading')}</p></main>`;
  const names = seatNames(state.seats);

  if (passTo !== null) {
    const name = names[passTo.seat];
    return html`<main class="pass">
      <div class="pass-card">
        <h1>${t(passTo.newCard ? 'hotseat.order.new_card' : 'hotseat.pass', { name })}</h1>
        ${passTo.newCard && html`<p>${t('hotseat.order.why')}</p><p><b>${t('hotseat.pass', { name })}</b></p>`}
        <p>${t('hotseat.hidden')}</p>
        <button type="button" class="big-button" autofocus onClick=${() => { setActive(passTo.seat); setPassTo(null); }}>
          ${t('hotseat.ready', { name })}</button>
      </div></main>`;
  }

  // Positions are counted from 1 for people (the start is the first), as the analysis
  // numbers the decision taken at each.
  const replayLabel = replay && t('replay.step', { step: replay.step + 1, steps: replay.steps + 1 });
  const replayControls = replay && html`<div class="replay-bar" role="group" aria-label=${t('replay.title')}>
    <button type="button" onClick=${() => goReplay(0)} title=${t('replay.first')}>◀◀</button>
    <button type="button" onClick=${() => stepReplay(-1)} title=${t('replay.back')}>◀</button>
    <input type="range" min="0" max=${replay.steps} value=${replay.step} aria-label=${t('replay.title')}
      onInput=${(e) => goReplay(Number(e.target.value))}/>
    <button type="button" onClick=${() => stepReplay(1)} title=${t('replay.forward')}>▶</button>
    <button type="button" onClick=${() => goReplay(replay.steps)} title=${t('replay.last')}>▶▶</button>
    <span>${replayLabel}</span>
    <button type="button" onClick=${closeReplay}>${t('replay.close')}</button>
  </div>`;

  return html`<main class=${`game ${rulesOpen ? 'rules-open' : ''}`}>
    <div class="game-bar">
      ${seats.length > 1 && html`<div class="seat-tabs" role="tablist" aria-label=${t('hotseat.seats')}>
        ${seats.map((s) => html`<button type="button" role="tab" aria-selected=${s.seat === active}
            class=${`${s.seat === active ? 'on' : ''} ${state.pending.includes(s.seat) ? 'owes' : ''}`}
            onClick=${() => { if (s.seat !== active) setPassTo({ seat: s.seat, newCard: false }); }}>${names[s.seat]}</button>`)}
      </div>`}
      ${active === null && html`<span class="badge">${t('game.spectator')}</span>`}
      <span class=${`link ${link}`} title=${t(`link.${link}`)}>${t(`link.${link}`)}</span>
      <${TurnSignalToggles} s=${signals}/>
      ${state.over && !replay && html`<button type="button" onClick=${() => goReplay(0)}>${t('replay.open')}</button>`}
      ${state.challenge && html`<a href=${challengePath(state.challenge)} onClick=${navigate}>${t('challenge.to_board')}</a>`}
      ${active !== null && token && !state.over && html`<${SeatLink} id=${id} token=${token} name=${names[active]}/>`}
      ${active !== null && !state.over && html`<button type="button" class="quiet" onClick=${async () => { await api.leave(id, token).catch(() => null); navigate('/'); }}>${t('game.leave')}</button>`}
    </div>
    <div class=${guide ? 'game-body coached' : 'game-body'}>
    <${GameTable} game=${state.game} state=${replay ? replay.state : shown} catalog=${catalog}
        tutorial=${guide && guide.step}
        seat=${replay ? null : state.seat} act=${act} preview=${replay ? null : preview}
        undo=${!replay && token && state.undo ? undo : null}
        replay=${replay && { step: replay.step, steps: replay.steps, label: replayLabel, controls: replayControls }}
        hint=${!replay && state.hints && token && !state.over ? hint : null}
        marks=${replay && analysis.open && analysis.open.step === replay.step ? analysis.open : null}
        extra=${state.over && html`<${AnalysisPanel} a=${analysis} id=${id} names=${names} words=${entry.moveWords}
          subject=${entry.decisionSubject && ((view) => entry.decisionSubject(view, catalog))}
          openStep=${goReplay} shownStep=${replay && replay.step}/>`}/>
    <${RulesPanel} game=${state.game} onOpen=${setRulesOpen}/>
    <${Coach} guide=${guide} navigate=${navigate}/>
    </div>
  </main>`;
}
