// The Heroes of Dominaria table, drawn from the server's GET object alone: the map, every
// seat's board, the revealed Dominaria card, the seat's controls (from its legal actions),
// the hint (where the game allows one), its quests, the public quests, and the log of the
// last turns.
import { html } from '../html.js';
import { t, refusalText, useLanguage } from '../i18n.js';
import { useEffect, useRef, useState } from 'preact/hooks';
import { DominariaMap, linkKey } from './map.js';
import { SeatBoard } from './boards.js';
import { Hand, OthersInPlay, PublicQuests } from './quests.js';
import { TurnLog } from './log.js';
import { DesignedBanner, DesignedPanel } from './designed.js';
import { AbilityBar, ChoicePanel, LocationPanel, PAYABLE, PaymentPanel, Standings } from './actions.js';
import { findAction, parseActions, withPayment } from './notation.js';
import { Mana } from './symbols.js';
import { cardText } from './words.js';
import { seatNames } from '../seats.js';
import { nameOf } from './catalog.js';
import { Legend, WhyNotNow } from './reference.js';
import { openRules } from '../rules_link.js';
import { RevealedCards } from './revealed.js';
import { UndoButton } from '../undo.js';
import { useHintRequest } from '../hint_request.js';
import { DominariaHintPanel, hintMarks } from './hint.js';
import { keyForTheTable } from '../table_keys.js';

function RevealedCard({ catalog, view, names }) {
  const card = view.revealed && catalog.card(view.revealed);
  return html`<div class="dom-card" aria-label=${t('dom.card.title')}>
    <div class="card-top"><span>${t('dom.card.title')}</span></div>
    ${card ? html`<div class="dom-card-body">
        <span class="card-mana">${card.mana.map((c) => html`<${Mana} colour=${c}/>`)}</span>
        <span class="small">${cardText(catalog, view.revealed)}</span></div>`
      : html`<div class="muted small">${t('dom.card.none')}</div>`}
    <div class="muted small">${t('dom.card.decks', { dominaria: view.deck_sizes.dominaria, quests: view.deck_sizes.quests, artifacts: view.deck_sizes.artifacts })}</div>
    <${RevealedCards} catalog=${catalog} view=${view} names=${names}/>
  </div>`;
}

/** The table; its props are the shell's TableProps (games.js). */
export function DominariaTable({ state, catalog, seat, act, undo, replay, hint, extra }) {
  useLanguage();
  const view = state.view;
  const names = seatNames(state.seats);
  const me = seat !== null && seat !== undefined ? seat : null;
  const controls = me !== null && !replay && !view.over;
  const decision = controls ? view.decision : null;
  const parsed = parseActions(decision && view.legal ? view.legal.actions : []);
  const [selected, setSelected] = useState(null);
  const [mode, setMode] = useState(null);
  const [pending, setPending] = useState(null);
  const [pay, setPay] = useState([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);
  const [about, setAbout] = useState(false);
  const [taken, setTaken] = useState(null); // the hint's action, taken into the panel
  const root = useRef(null);
  // The hint is for this seat's decision now, and so is what is being chosen. In play only
  // the seat on its turn acts, so each action makes a new decision; the quests kept at
  // set-up are chosen by every seat at once, and another seat's keep leaves this one's as it
  // was (a hint or a choice in hand must not vanish with it). The next seat taking the device
  // (hot-seat) has a decision of its own.
  const decisionKey = !decision ? null : view.stage === 'quests' ? `${me}:quests` : `${me}:${state.seq}`;
  const h = useHintRequest(decision && hint ? hint : null, decisionKey);

  // A new decision: what was being chosen may no longer be legal.
  useEffect(() => { setMode(null); setPending(null); setTaken(null); }, [decisionKey, seat]);
  // A new turn starts with nothing chosen: last turn's location would make its first click
  // let go of it rather than choose.
  useEffect(() => { setSelected(null); }, [view.round, view.current, seat]);

  const send = async (text) => {
    if (busy) return false;
    setBusy(true); setError(null);
    let ok = true;
    try { await act(text); } catch (e) { setError(e); ok = false; } // said at render, in the current language
    setBusy(false);
    return ok;
  };
  const choose = async (a) => {
    if (PAYABLE.has(a.verb)) {
      setPending({ verb: a.verb, args: a.args, text: a.text });
      setPay(((view.ability_costs || {})[a.verb] || { pay: [] }).pay);
      setMode(null);
    } else if (a.verb === 'move') {
      if (await send(a.text)) setSelected(a.args[1]); // the chosen location follows the Hero
    } else send(a.text);
  };
  // Taken, the hint is the action chosen in the panel, as the person would have chosen it
  // (its location, its payment, the cards to keep), and its confirming button takes the
  // focus: Enter or a click sends it.
  const takeHint = (action) => {
    const a = parsed.find((x) => x.text === action);
    if (!a) return;
    setTaken(action); setError(null); setMode(null); setPending(null);
    const onMap = hintMarks(action).locations;
    setSelected(onMap.length ? onMap[0] : null);
    if (PAYABLE.has(a.verb)) choose(a);
  };
  useEffect(() => {
    if (!taken || !root.current) return;
    const button = pending ? root.current.querySelector('.payment>.row>.confirm')
      : root.current.querySelector(`button[data-action="${CSS.escape(taken)}"]`);
    if (button) button.focus();
  }, [taken, pending]);
  // H asks for the hint, wherever the focus is but in a field being typed in.
  useEffect(() => {
    if (!h.available) return undefined;
    const onKey = (e) => {
      if (!keyForTheTable(e)) return;
      const k = e.key.toLowerCase();
      if (k !== 'h' && k !== 'р') return;
      e.preventDefault();
      h.request();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  const confirmPayment = async () => {
    const auto = ((view.ability_costs || {})[pending.verb] || { pay: [] }).pay;
    const same = [...pay].sort().join(' ') === [...auto].sort().join(' ');
    if (await send(same ? pending.text : withPayment(pending.text, pay))) setPending(null);
  };

  // What the map lights up, and what a click there does.
  let targets = new Set();
  let linkTargets = new Set();
  const placing = decision && decision.kind === 'place';
  const turn = decision && decision.kind === 'turn';
  if (placing) targets = new Set(parsed.filter((a) => a.verb === 'place').map((a) => a.args[0]));
  else if (turn && mode === 'leyline') {
    linkTargets = new Set(parsed.filter((a) => a.verb === 'leyline').map((a) => linkKey(a.args[0], a.args[1])));
  } else if (turn && mode) targets = new Set(parsed.filter((a) => a.verb === mode).map((a) => a.args[0]));
  else if (turn && selected) targets = new Set(parsed.filter((a) => a.verb === 'move' && a.args[0] === selected).map((a) => a.args[1]));

  const onLocation = async (loc) => {
    if (!decision || busy) { setSelected(loc === selected ? null : loc); return; }
    if (placing) {
      const place = findAction(parsed, 'place', [loc]);
      if (place) send(place.text);
      return;
    }
    if (!turn) return;
    if (mode && mode !== 'leyline') {
      const a = parsed.find((x) => x.verb === mode && x.args[0] === loc);
      if (a) { choose(a); setSelected(loc); return; }
    }
    const move = selected && findAction(parsed, 'move', [selected, loc]);
    if (move) {
      if (await send(move.text)) setSelected(loc);
      return;
    }
    setMode(null);
    setPending(null);
    setSelected(loc === selected ? null : loc);
  };
  const onLink = (a, b) => {
    const found = parsed.find((x) => x.verb === 'leyline' && linkKey(x.args[0], x.args[1]) === linkKey(a, b));
    if (found) choose(found);
  };

  const board = me !== null ? view.players[me] : null;
  const pendingSeats = state.pending.filter((s) => s !== me);
  let status;
  const end = findAction(parsed, 'end');
  if (view.over) status = t('status.over');
  else if (replay) status = replay.label;
  else if (decision && decision.kind === 'keep') status = t('dom.status.choose');
  else if (placing) status = t('dom.status.place');
  else if (turn) {
    status = t('dom.status.your_turn', {
      moves: Math.max(0, board.moves_allowed - board.moves_used),
      collects: Math.max(0, board.collects_allowed - board.collects_used),
    });
  } else if (pendingSeats.length) status = t('status.waiting', { names: pendingSeats.map((s) => names[s]).join(', ') });
  else status = t('status.thinking');

  let panel;
  if (view.over && !replay) panel = html`<${Standings} view=${view} names=${names}/>`;
  else if (replay) panel = html`<div class="controls">${replay.controls}</div>`;
  else if (me === null) panel = html`<div class="controls idle">${t('status.spectating')}</div>`;
  else if (!decision) panel = html`<div class="controls idle">${status}</div>`;
  else if (decision.kind === 'keep') {
    panel = html`<${ChoicePanel} key=${decision.cards.join(' ')} catalog=${catalog} decision=${decision}
      actions=${parsed} onAction=${send} busy=${busy} taken=${taken}/>`;
  } else if (placing) {
    panel = html`<div class="controls" data-tour="actions"><div class="decision-text">${t('dom.status.place_help')}</div>
      <div class="row">${parsed.filter((a) => a.verb === 'place').map((a) => html`<button type="button"
        class=${a.text === taken ? 'hinted' : ''} data-action=${a.text} disabled=${busy} onClick=${() => send(a.text)}>★ ${nameOf(catalog, a.args[0])}</button>`)}</div></div>`;
  } else {
    const modeTargets = mode ? parsed.filter((a) => a.verb === mode) : [];
    panel = html`<div class="controls turn-controls" data-tour="actions">
      <${AbilityBar} view=${view} parsed=${parsed} mode=${mode} busy=${busy}
        onMode=${(m) => { setMode(m); setPending(null); }}/>
      ${pending && html`<${PaymentPanel} catalog=${catalog} view=${view} me=${me} pending=${pending}
        pay=${pay} setPay=${setPay} busy=${busy} onConfirm=${confirmPayment} onCancel=${() => setPending(null)}/>`}
      ${!pending && mode && html`<div class="mode-hint"><span>${t(mode === 'leyline' ? 'dom.hint.pick_link' : 'dom.hint.pick_location')}</span>
        <div class="row">${modeTargets.map((a) => html`<button type="button" data-action=${a.text} disabled=${busy}
          onClick=${() => choose(a)}>${a.verb === 'leyline' ? `${nameOf(catalog, a.args[0])} – ${nameOf(catalog, a.args[1])}` : nameOf(catalog, a.args[0])}</button>`)}</div></div>`}
      ${!pending && !mode && selected && html`<${LocationPanel} catalog=${catalog} view=${view} location=${selected}
        parsed=${parsed} onChoose=${choose} busy=${busy} taken=${taken}/>`}
      ${!pending && !mode && !selected && html`<p class="hint-line">${t('dom.hint.start')}</p>`}
      ${!pending && !mode && !selected && html`<${WhyNotNow} view=${view}/>`}
      <div class="row end-row">
        <button type="button" class=${`end-turn ${taken === 'end' ? 'hinted' : ''}`} data-action=${end && end.text} disabled=${busy || !end}
          onClick=${() => send(end.text)}>${t('dom.do.end')}</button>
      </div>
    </div>`;
  }

  return html`<div class=${`dom-table ${replay ? 'replaying' : ''}`} data-seq=${state.seq} aria-busy=${busy ? 'true' : 'false'} ref=${root}>
    <${DesignedBanner} catalog=${catalog} open=${about} onToggle=${() => setAbout(!about)}/>
    ${about && html`<${DesignedPanel} catalog=${catalog} onClose=${() => setAbout(false)}/>`}
    <div class="dom-main">
      <section class="dom-left">
        <div class="board-head">
          <h2>${t('dom.round', { round: view.round, rounds: view.rounds })}</h2>
          <span class=${`status ${decision ? 'go' : ''}`} role="status">${status}</span>
          <button type="button" class="quiet rules-button" onClick=${() => openRules('dominaria')} title=${t('rulebook.common.open_help')}>${t('rulebook.common.open')}</button>
        </div>
        <div class="dom-map-wrap" data-tour="map"><${DominariaMap} catalog=${catalog} view=${view} names=${names} selected=${selected}
          targets=${targets} linkTargets=${linkTargets} onLocation=${onLocation} onLink=${onLink}
          hint=${h.shown ? hintMarks(h.shown) : null}/></div>
        <${Legend}/>
        <div class="seat-boards">${view.players.map((_, s) => html`<${SeatBoard} seat=${s} view=${view} state=${state}
          catalog=${catalog} names=${names} mine=${s === me && controls} actions=${parsed} onAction=${send} busy=${busy}/>`)}</div>
      </section>
      <aside class="dom-side">
        <${RevealedCard} catalog=${catalog} view=${view} names=${names}/>
        <div class="dom-actions">
          ${panel}
          ${decision && h.available && html`<${DominariaHintPanel} h=${h} catalog=${catalog} onTake=${takeHint}
            taken=${Boolean(h.shown && taken === h.shown)}/>`}
          ${controls && html`<${UndoButton} undo=${undo} state=${state} seat=${me}/>`}
          ${error && html`<div class="error" role="alert">${t('error.action', { reason: refusalText(error) })}</div>`}
        </div>
        ${extra}
        ${board && board.hand && html`<${Hand} catalog=${catalog} view=${view} me=${me} actions=${parsed} onAction=${send} busy=${busy}/>`}
        <${OthersInPlay} catalog=${catalog} view=${view} me=${me} names=${names}/>
        <${PublicQuests} catalog=${catalog} view=${view} names=${names}/>
        <${TurnLog} catalog=${catalog} view=${view} names=${names}/>
      </aside>
    </div>
  </div>`;
}
