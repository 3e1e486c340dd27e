// The Cartographers table, drawn from the server's GET object alone: the big map with the
// placement over it, the revealed card and its controls, seasons, edicts, the other maps;
// a hint on request (`hint`: asks the server), and an analysed step's two moves (`marks`).
import { html } from '../html.js';
import { t, nameIn, refusalText, useLanguage } from '../i18n.js';
import { useEffect, useLayoutEffect, useState } from 'preact/hooks';
import { MapView } from './map.js';
import { CardFace, CardRuleLink, Controls, terrainKeyIndex } from './card.js';
import { SeasonTrack, seasonLetters } from './season.js';
import { Edicts, SeasonPreview } from './edicts.js';
import { Standings } from './scores.js';
import { Scoreboard } from './scoreboard.js';
import { SeasonEndNews, countedEdict, useSeasonEnd } from './season_end.js';
import { doingWords } from './doing.js';
import { usePlacement } from './placement.js';
import { HintPanel, actionCells, useHint } from './hint.js';
import { MonsterList, useMonsters } from './monsters.js';
import { useShownScore } from './shown_score.js';
import { AnalysisLegend } from '../analysis.js';
import { seatNames } from '../seats.js';
import { openRules } from '../rules_link.js';
import { EventLog, Notices, useNews } from './events.js';
import { keyForControl } from './enter_key.js';
import { SoloUndoNote, UndoButton, rememberSent } from '../undo.js';
import { keyForTheTable } from '../table_keys.js';

/** The table; its props are the shell's TableProps (games.js). */
export function CartographersTable({ state, catalog, seat, act, undo, preview, replay, hint, marks, extra, tutorial }) {
  useLanguage();
  const view = state.view;
  const names = seatNames(state.seats);
  const controls = seat !== null && seat !== undefined && !replay;
  const p = usePlacement(controls ? state : null, catalog);
  const decisionSheet = p.active ? p.legal.sheet : null;
  const [focus, setFocus] = useState(decisionSheet ?? seat ?? 0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);
  const [lit, setLit] = useState(null); // {sheet, cells}: the cells that score, on one map
  const news = useNews(state, seat, replay);
  const flashOn = (sheet) => (news && sheet === seat ? news.flash : null);

  // The map shown big: the seat's own, and the one its decision is on when a decision starts
  // (first render included: a seat that owes a monster on a neighbour's map sees that map);
  // else the one the person picked. Another seat's move (a new seq) is no reason to take away
  // the map they are looking at: only their own next decision brings its map back.
  useEffect(() => { if (decisionSheet !== null) setFocus(decisionSheet); }, [p.active ? p.key : null]);
  useEffect(() => { if (seat !== null && seat !== undefined) setFocus(decisionSheet ?? seat); }, [seat]);
  const shown = Math.min(focus, view.sheets.length - 1);
  const placing = p.active && shown === p.legal.sheet;
  const h = useHint(p.active && hint ? hint : null, p.active ? p.key : null);
  const monsters = useMonsters(view, catalog);
  const askHint = () => { if (!h.available) return; setFocus(p.legal.sheet); h.request(); };
  // Taken, the hint is the placement being chosen: the focus goes to Confirm, so Enter sends it.
  const takeHint = (move) => {
    setFocus(p.legal.sheet);
    if (p.adopt(move)) setTimeout(() => { const b = document.querySelector('button.confirm'); if (b) b.focus(); }, 0);
  };
  useEffect(() => { if (marks) setFocus(marks.sheet); }, [marks && `${marks.step}:${marks.sheet}`]);

  // "If the season ended now": the map shown as it is, and with the placement being chosen.
  const canPreview = Boolean(preview && controls && !view.over);
  const score = useShownScore(preview, canPreview, state, shown, p);
  useEffect(() => setLit(null), [state.id, state.seq, seat, canPreview]);
  // A tutorial step about a past season lights every cell that season's edicts scored.
  const lightSeason = tutorial && tutorial.light ? tutorial.light.season : null;
  useEffect(() => {
    if (lightSeason === null || !preview || seat === null || seat === undefined) return;
    preview({ season: lightSeason, sheet: seat }).then((r) => {
      setLit({ sheet: seat, cells: (r.edicts || []).flatMap((e) => e.cells || []) });
    }).catch(() => setLit(null));
  }, [lightSeason, state.seq]);
  // A season's end counts up on the scoreboard while the cells each edict scored light.
  const end = useSeasonEnd(view, !replay);
  const counted = countedEdict(end, view, shown);
  useEffect(() => {
    if (!end || lightSeason !== null) return; // a tutorial step lights the season itself
    if (counted) pastLight(preview, end.season, counted, shown, setLit);
    else setLit(null);
  }, [end && end.card, end && end.step]);
  const shownPreview = score.shown;
  const lightPreview = (cells) => setLit(cells && shownPreview ? { sheet: shownPreview.sheet, cells } : null);

  const confirm = async () => {
    if (!p.action || busy) return;
    setBusy(true); setError(null); score.hold();
    try { await act(p.action); rememberSent(state, seat, p.action); } catch (e) { setError(e); score.release(); } // said at render, in the current language
    setBusy(false);
  };
  // An undone placement comes back as it was, once its decision is back.
  const [undone, setUndone] = useState(null);
  useEffect(() => { if (undone && p.active) { p.adopt(undone); setUndone(null); } }, [p.active ? p.key : null, undone]);

  // Keys: arrows move the shape, R turns, M mirrors, 1-9 a shape, A S D F G a terrain, Enter confirms.
  // Bound as the page renders (a layout effect), so a key never acts on an older placement.
  useLayoutEffect(() => {
    if (!p.active) return undefined;
    const onKey = (e) => {
      if (!keyForTheTable(e)) return;
      if (keyForControl(e)) return;
      const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
      const terrainAt = terrainKeyIndex(k);
      const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
      if (moves[k]) { p.move(...moves[k]); setFocus(p.legal.sheet); }
      else if (k === 'r' || k === 'к') p.rotate(e.shiftKey ? -1 : 1);
      else if (k === 'm' || k === 'ь') p.flip();
      else if (k === 'Enter') confirm();
      else if (k === 'Escape') p.unpin();
      else if ((k === 'h' || k === 'р') && h.available) askHint();
      else if (/^[1-9]$/.test(k) && Number(k) <= p.shapes.length && p.fits[Number(k) - 1].length) p.chooseShape(Number(k) - 1);
      else if (terrainAt >= 0 && p.kind === 'draw' && p.legal.terrains[terrainAt]) p.setTerrain(p.legal.terrains[terrainAt]);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const undoButton = html`<${UndoButton} undo=${undo} state=${state} seat=${seat} onUndone=${setUndone}/>`;
  const letters = seasonLetters(view, catalog, view.season_index);
  const pending = state.pending.filter((s) => s !== seat);
  // Who is away and who is deciding are live news: a replay shows plain names.
  const presence = (s) => (!replay && state.seats[s] && state.seats[s].present === false ? ` (${t('seat.away')})` : '');
  const deciding = (s) => !replay && state.pending.includes(s);
  let status;
  if (view.over) status = t('status.over');
  else if (replay) status = replay.label;
  else if (p.active) status = t('status.your_move');
  else if (pending.length) status = t('status.waiting', { names: pending.map((s) => names[s] + presence(s)).join(', ') });
  else status = t('status.thinking');

  const shownSheet = view.sheets[shown];
  // A press on the placement already pinned there confirms it, by mouse, pen or touch alike
  // (the map takes no touch gestures, so a tap is never the start of a scroll).
  const onPick = (cell) => {
    if (!placing) return;
    const same = p.pinned && p.pos && p.pos[0] === cell[0] && p.pos[1] === cell[1];
    if (same && p.action) { confirm(); return; }
    p.pick(cell);
  };

  const revealedList = view.revealed.filter((id) => id !== view.current);
  let outlines = null;
  const suggested = tutorial && tutorial.suggest ? tutorial.suggest : null;
  if (placing && h.outline) outlines = [{ ...h.outline, kind: p.action === h.outline.action ? 'hint taken' : 'hint' }];
  else if (placing && suggested) outlines = [{ cells: actionCells(suggested), kind: p.action === suggested ? 'hint taken' : 'hint', action: suggested }];
  else if (marks && marks.sheet === shown) {
    outlines = [{ cells: actionCells(marks.played), kind: 'played', action: marks.played }];
    if (marks.best && marks.best !== marks.played) outlines.push({ cells: actionCells(marks.best), kind: 'best', action: marks.best });
  }

  return html`<div class=${`table ${replay ? 'replaying' : ''}`}>
    <section class="board" data-tour="map" aria-label=${t('map.of', { name: names[shown] })}>
      <div class="board-head">
        <h2>${t('map.of', { name: names[shown] })}${shown === seat ? ` · ${t('map.yours')}` : ''}</h2>
        <span class=${`status ${p.active ? 'go' : ''}`} role="status">${status}</span>
        ${marks && html`<${AnalysisLegend}/>`}
        <button type="button" class="quiet rules-button" onClick=${() => openRules('cartographers')} title=${t('rulebook.common.open_help')}>${t('rulebook.common.open')}</button>
      </div>
      <${Notices} news=${news} catalog=${catalog} view=${view} names=${names} seat=${seat}/>
      <${MapView} sheet=${shownSheet} catalog=${catalog} className="big"
        flash=${flashOn(shown)} flashKey=${news && news.at}
        title=${t('map.of', { name: names[shown] })}
        ghost=${placing ? p.ghost : null} attack=${placing ? p.attack : null}
        choices=${placing ? p.choices : null} outlines=${outlines}
        highlight=${lit && lit.sheet === shown ? lit.cells : []} monsters=${monsters}
        onHover=${placing ? (cell) => p.hover(cell) : undefined}
        onPick=${placing ? onPick : undefined}
        tabIndex=${placing ? 0 : undefined}/>
      ${error && html`<div class="error" role="alert">${t('error.action', { reason: refusalText(error) })}</div>`}
    </section>
    <aside class="side">
      ${view.over && !replay ? html`<div class="play over">
        <${Standings} state=${state} names=${names}/></div>` : html`<div class="play">
        <div class="current" data-tour="card">
          <${CardFace} catalog=${catalog} id=${p.active ? p.legal.card : view.current} ruins=${view.ruins_pending || Boolean(view.decision && view.decision.ruins)}
            selfPlaced=${view.config.players === 1 || view.config.remote_ambush}/>
        </div>
        ${p.active && html`<${Controls} p=${p} busy=${busy} onConfirm=${confirm} catalog=${catalog} names=${names}
            ruins=${Boolean(view.decision && view.decision.ruins)}
            extra=${html`${h.available && html`<${HintPanel} h=${{ ...h, request: askHint }} onTake=${takeHint} taken=${Boolean(h.shown && p.action === h.shown)}
              harm=${p.legal.sheet !== seat}/>`}${undoButton}${p.action && view.config.players === 1 && html`<${SoloUndoNote}/>`}`}/>`}
        ${!p.active && controls && !view.over && html`<div class="controls idle">${t('status.nothing_owed')}${undoButton}</div>`}
        ${!controls && !replay && html`<div class="controls idle">${t('status.spectating')}</div>`}
        ${replay && html`<div class="controls">${replay.controls}</div>`}
      </div>`}
      ${extra}
      <${MonsterList} view=${view} catalog=${catalog} sheet=${shownSheet} monsters=${monsters}/>
      <${SeasonTrack} view=${view} catalog=${catalog}/>
      ${!view.over && revealedList.length > 0 && html`<div class="revealed"><span class="muted">${t('card.revealed')}${t('punct.colon')}</span>
        ${revealedList.map((id) => html`<${CardRuleLink} catalog=${catalog} id=${id} className="mini-card"/>`)}</div>`}
      <${Edicts} view=${view} catalog=${catalog} letters=${letters} preview=${shownPreview} base=${score.ahead ? score.base : null}
        owner=${shownPreview && shownPreview.sheet !== seat ? names[shownPreview.sheet] : null} onLight=${lightPreview}/>
      ${!view.over && html`<${SeasonPreview} preview=${shownPreview} seat=${seat} names=${names} onLight=${lightPreview}/>`}
      <${EventLog} view=${view} catalog=${catalog} names=${names} seat=${seat}/>
      <div class="lower">
        ${view.sheets.length > 1 && html`<div class="others" aria-label=${t('map.others')}>
          ${view.sheets.map((sheet, i) => html`<button type="button" class=${`other ${i === shown ? 'on' : ''} ${deciding(i) ? 'deciding' : ''}`}
              onClick=${() => setFocus(i)} aria-pressed=${i === shown}>
            <${MapView} sheet=${sheet} catalog=${catalog} labels=${false} coins=${false} className="small"
              flash=${i === shown ? null : flashOn(i)} flashKey=${news && news.at}/>
            <span class="other-name">${names[i]}${presence(i)}</span>
            ${!replay && html`<span class="other-doing">${doingWords(view, i, names)}</span>`}</button>`)}
        </div>`}
        <div class="results" data-tour="scores">
          ${(view.sheets.length > 1 || view.scores[0].length > 0) && html`<${Scoreboard} view=${view} catalog=${catalog}
            names=${names} shown=${shown} reveal=${end}
            onFocus=${setFocus} onLight=${(player, k, letter) => { setFocus(player); pastLight(preview, k, letter, player, setLit); }}/>`}
          <${SeasonEndNews} end=${end} view=${view} catalog=${catalog} names=${names}/>
        </div>
      </div>
    </aside>
  </div>`;
}

/** A past season's edict on the map shown (its scores are that map's): the cells it scored. */
function pastLight(preview, season, letter, sheet, setLit) {
  if (!preview) return;
  preview({ season, sheet }).then((r) => {
    const e = (r.edicts || []).find((x) => x.letter === letter);
    setLit(e ? { sheet, cells: e.cells } : null);
  }).catch(() => setLit(null));
}
