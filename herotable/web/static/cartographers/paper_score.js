// "/score": a Cartographers map played on paper, tapped in and scored by the engine
// (POST /api/score). The player paints the map as it stands at each season's end (painting on
// a season carries on into the seasons after it that had the same cell), sets the coins, and
// chooses the side and the four edicts; every number shown is the server's. The whole paper
// game lives in the address (paper_address.js), so it can be kept, shared and
// reopened, and a table's edicts can open it (?cards=...). Opened from a paper table
// (?table=ID), the page adds the player's map to that table's scoreboard, on the table's own
// side and edicts.
import { html } from '../html.js';
import { t, nameIn, refusalText, scoreText, useLanguage } from '../i18n.js';
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, catalog as fetchCatalog, myTableMap, rememberTableMap, savedName, saveName } from '../api.js';
import { indexCatalog } from './catalog.js';
import { MapView } from './map.js';
import { TerrainDefs } from './terrain.js';
import { CardRuleLink, terrainKeyIndex } from './card.js';
import { EDICT_LETTERS, scoringPool } from './setup.js';
import { SoloResult } from './scores.js';
import { SIZE } from './geometry.js';
import { SEASONS, readAddress, writeAddress } from './paper_address.js';
import { keyForTheTable } from '../table_keys.js';

const DEFAULT_SIDE = 'C';
// Every box's scoring cards are offered: a paper game may combine them.
const ALL_BOXES = 'heroes+base';
const MOVES = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
// Scores are asked for once the painting pauses, not for every cell of a stroke.
const SCORE_PAUSE_MS = 120;

/** The brushes: the terrains a player draws, a crossed-out cell, and the eraser ("empty"). */
const brushesOf = (raw) => [...raw.terrains, 'destroyed', 'empty'];

/** A brush's name in the palette: the terrain's, in short where the terrain's is long. */
function brushName(b) {
  if (b === 'empty') return t('paper_score.erase');
  if (b === 'destroyed') return t('paper_score.destroyed');
  return t(`terrain.${b}`);
}

/** The map notation's character for `terrain` on a cell with or without printed ruins. */
function charFor(raw, terrain, ruins) {
  return Object.keys(raw.map_letters).find((ch) => raw.map_letters[ch].terrain === terrain
    && raw.map_letters[ch].ruins === ruins);
}

/** The paper game an address opens: its maps and coins per season, the side and the cards. */
function fromAddress(raw) {
  const asked = readAddress(location.search);
  const side = raw.map_sides[asked.side] ? asked.side : DEFAULT_SIDE;
  const known = (id) => Boolean(raw.scoring[id]);
  const cards = asked.cards && asked.cards.every(known) ? asked.cards : raw.presets.first_game.scoring;
  const blank = raw.map_sides[side].grid;
  const seasons = [];
  let unreadable = false;
  for (let k = 0; k < SEASONS; k += 1) {
    const before = seasons[k - 1] || { grid: blank, coins: 0 };
    let grid = asked.maps[k];
    if (grid === null) unreadable = true;
    if (!grid) grid = before.grid;
    seasons.push({ grid, coins: asked.coins[k] ?? before.coins });
  }
  return { side, cards, solo: asked.solo, seasons, unreadable, table: asked.table, map: asked.map };
}

/** The body that adds (or replaces) a map at a table: the name and every season's map. */
const tableBody = (name, seasons) => ({ name, seasons: seasons.map((s) => ({ map: s.grid.join('\n'), coins: s.coins })) });

/** Cell [r, c] of season `k` set to `ch`, and of every later season that had what season `k`
 * had there (a later season that differs was painted on its own). */
function paintSeasons(seasons, k, [r, c], ch) {
  const old = seasons[k].grid[r][c];
  return seasons.map((s, j) => {
    if (j < k || (j > k && s.grid[r][c] !== old)) return s;
    const grid = s.grid.map((row, i) => (i === r ? row.slice(0, c) + ch + row.slice(c + 1) : row));
    return { ...s, grid };
  });
}

/** The map's place at the paper table the page was opened from: the player's name and
 * "Add my map to this table" (or, once added, "Update my map"), or, for another player's
 * map opened from the scoreboard, whose map it is. */
function TableEntry({ game, table, problem, navigate, onAdded }) {
  const [mine, setMine] = useState(() => myTableMap(game.table));
  const [name, setName] = useState(savedName);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState(null);
  useEffect(() => setSaved(false), [game.seasons]); // a change is not saved until sent again
  const back = html`<a class="paper-link" href=${`/t/${game.table}`} onClick=${navigate}>${t('paper_board.back')}</a>`;
  if (!table) {
    return html`<section class="panel paper-entry">${problem ? html`<p class="error">${problem}</p>` : html`<p class="muted">${t('game.loading')}</p>`}${back}</section>`;
  }
  const shown = game.map ? table.scoreboard.find((e) => e.map_id === game.map) : null;
  if (shown && (!mine || mine.map !== shown.map_id)) {
    return html`<section class="panel paper-entry" data-read-only>
      <p><b>${t('paper_board.their_map', { name: shown.name })}</b></p>
      <p class="muted small">${t('paper_board.their_map_help')}</p>${back}</section>`;
  }
  const send = async (e) => {
    e.preventDefault();
    const chosen = name.trim();
    if (!chosen || busy) return;
    setBusy(true); setError(null); setSaved(false);
    saveName(chosen);
    try {
      const body = tableBody(chosen, game.seasons);
      if (mine) {
        await api.replaceTableMap(game.table, mine.map, mine.token, body);
      } else {
        const made = await api.addTableMap(game.table, body);
        rememberTableMap(game.table, made.map_id, made.token);
        setMine({ table: game.table, map: made.map_id, token: made.token });
        onAdded(made.map_id);
      }
      setSaved(true);
    } catch (err) {
      setError(refusalText(err));
    } finally {
      setBusy(false);
    }
  };
  return html`<section class="panel paper-entry">
    <h2>${t('paper_board.for_table')}</h2>
    <form onSubmit=${send}>
      <label class="field">${t('paper_board.name')}
        <input type="text" name="player" maxlength="40" required value=${name} onInput=${(e) => { setName(e.target.value); setSaved(false); }}/></label>
      <button type="submit" class="primary" data-add-map disabled=${busy || !name.trim()}>${t(mine ? 'paper_board.update' : 'paper_board.add')}</button>
    </form>
    ${saved && html`<p class="paper-note" role="status" data-saved>${t('paper_board.saved')}</p>`}
    ${error && html`<p class="error" role="alert">${error}</p>`}
    <p class="muted small">${t('paper_board.help')}</p>
    ${back}
  </section>`;
}

export function ScorePage({ navigate }) {
  useLanguage();
  const [raw, setRaw] = useState(null);
  const [loadError, setLoadError] = useState(null);
  useEffect(() => { fetchCatalog('cartographers').then(setRaw).catch((e) => setLoadError(refusalText(e))); }, []);
  if (!raw) {
    return html`<main class="page"><p class=${loadError ? 'error' : 'muted'}>${loadError || t('game.loading')}</p></main>`;
  }
  return html`<${PaperScore} raw=${raw} navigate=${navigate}/>`;
}

function PaperScore({ raw, navigate }) {
  const [catalog] = useState(() => indexCatalog(raw));
  const [game, setGame] = useState(() => fromAddress(raw));
  const [shown, setShown] = useState(0);
  const [brush, setBrush] = useState(raw.terrains[0]);
  const [cursor, setCursor] = useState(null);
  const [lit, setLit] = useState(null); // {season, cells}: the cells a score was earned by
  const [result, setResult] = useState(null);
  const [error, setError] = useState(null);
  const [copied, setCopied] = useState(null);
  const stroke = useRef(null); // {mode: paint|clear, last: cell name} while the pointer is down
  const asked = useRef(0);
  const [table, setTable] = useState(null); // the paper table the map is for, if any
  const [tableProblem, setTableProblem] = useState(null);
  const { side, cards, solo, seasons } = game;
  const brushes = brushesOf(raw);
  const printed = raw.map_sides[side].grid;
  const seasonList = catalog.seasonsFor(raw.map_sides[side].box);

  // The address follows the game, and the server scores it once the painting pauses.
  useEffect(() => {
    history.replaceState(null, '', `/score${writeAddress(game)}`);
    const number = ++asked.current;
    const timer = setTimeout(() => {
      api.score({ side, cards, solo, seasons: seasons.map((s) => ({ map: s.grid.join('\n'), coins: s.coins })) })
        .then((r) => { if (number === asked.current) { setResult(r); setError(null); } })
        .catch((e) => { if (number === asked.current) { setResult(null); setError(e); } });
    }, SCORE_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [game]);
  // A table's map is scored on the table's side and edicts: the page takes them from it.
  useEffect(() => {
    if (!game.table) return;
    api.table(game.table).then((found) => {
      setTable(found);
      const tableCards = found.edicts.map((e) => e.card);
      setGame((g) => {
        if (g.side === found.config.side && g.cards.join() === tableCards.join() && g.solo === found.solo) return g;
        const reset = g.side === found.config.side ? {} : { seasons: g.seasons.map(() => ({ grid: raw.map_sides[found.config.side].grid, coins: 0 })) };
        return { ...g, ...reset, side: found.config.side, cards: tableCards, solo: found.solo };
      });
    }).catch((e) => setTableProblem(refusalText(e)));
  }, [game.table]);
  useEffect(() => {
    const end = () => { stroke.current = null; };
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
    return () => { window.removeEventListener('pointerup', end); window.removeEventListener('pointercancel', end); };
  }, []);

  const update = (change) => setGame((g) => ({ ...g, ...change, unreadable: false }));
  /** Paint one cell of the season shown; a printed mountain or chasm takes nothing. */
  const paintCell = ([r, c], mode) => {
    const { terrain, ruins } = catalog.mapCell(printed[r][c]);
    if (terrain === 'mountain' || terrain === 'wasteland') return;
    const ch = charFor(raw, mode === 'clear' ? 'empty' : brush, ruins);
    setLit(null); // the cells lit were the map's before this change
    setGame((g) => ({ ...g, unreadable: false, seasons: paintSeasons(g.seasons, shown, [r, c], ch) }));
  };
  // A press on a cell already of the brush's terrain clears it; a stroke keeps that choice.
  const modeAt = ([r, c]) => (catalog.mapCell(seasons[shown].grid[r][c]).terrain === brush ? 'clear' : 'paint');
  const onPick = (cell) => {
    const mode = modeAt(cell);
    stroke.current = { mode, last: cell.join() };
    setCursor(cell);
    paintCell(cell, mode);
  };
  const onHover = (cell) => {
    const s = stroke.current;
    if (!s || !cell || s.last === cell.join()) return;
    s.last = cell.join();
    paintCell(cell, s.mode);
  };
  const onKeyDown = (e) => {
    if (!keyForTheTable(e)) return;
    const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    const here = cursor || [0, 0];
    const terrainAt = terrainKeyIndex(k);
    if (MOVES[k]) {
      const [dr, dc] = MOVES[k];
      setCursor([Math.min(SIZE - 1, Math.max(0, here[0] + dr)), Math.min(SIZE - 1, Math.max(0, here[1] + dc))]);
    } else if (k === 'Enter' || k === ' ') { setCursor(here); paintCell(here, modeAt(here)); }
    else if (/^[1-9]$/.test(k) && Number(k) <= brushes.length) setBrush(brushes[Number(k) - 1]);
    else if (terrainAt >= 0 && terrainAt < raw.terrains.length) setBrush(raw.terrains[terrainAt]);
    else return;
    e.preventDefault();
  };

  const setCoins = (value) => {
    const old = seasons[shown].coins;
    const coins = Math.max(0, Math.min(catalog.coinTrack, value));
    update({ seasons: seasons.map((s, j) => (j === shown || (j > shown && s.coins === old) ? { ...s, coins } : s)) });
  };
  const chooseSide = (next) => {
    const blank = raw.map_sides[next].grid;
    update({ side: next, seasons: seasons.map(() => ({ grid: blank, coins: 0 })) });
  };
  // One card of each category: a card taken from another edict's category swaps the two.
  const chooseCard = (i, id) => {
    const category = raw.scoring[id].category;
    const next = [...cards];
    const other = next.findIndex((c, k) => k !== i && raw.scoring[c].category === category);
    if (other >= 0) next[other] = next[i];
    next[i] = id;
    update({ cards: next });
  };
  const light = (season, cells) => { setShown(season); setLit(cells ? { season, cells } : null); };
  const copy = async () => {
    try { await navigator.clipboard.writeText(location.href); setCopied(true); } catch { setCopied(false); }
  };

  const sheet = { grid: seasons[shown].grid, coins: seasons[shown].coins };
  const seasonName = (k) => (seasonList[k] ? nameIn(seasonList[k].names) : String(k + 1));
  const pool = scoringPool(raw, ALL_BOXES);

  return html`<main class="paper">
    <${TerrainDefs}/>
    <section class="board paper-board" aria-label=${t('paper_score.title')}>
      <div class="board-head"><h1>${t('paper_score.title')}</h1></div>
      <div class="paper-seasons" role="tablist" aria-label=${t('paper_score.map_at')}>
        ${seasonList.map((s, k) => html`<button type="button" role="tab" data-season=${k} aria-selected=${k === shown}
            class=${k === shown ? 'on' : ''} onClick=${() => { setShown(k); setLit(null); }}>${nameIn(s.names)}</button>`)}
      </div>
      <${MapView} sheet=${sheet} catalog=${catalog} className="big paper-map"
        title=${t('paper_score.map_of', { season: seasonName(shown) })}
        highlight=${lit && lit.season === shown ? lit.cells : []} cursor=${cursor}
        onPick=${onPick} onHover=${onHover} tabIndex="0" onKeyDown=${onKeyDown}/>
      <div class="paper-tools">
        <div class="palette" role="radiogroup" aria-label=${t('paper_score.palette')}>
          ${brushes.map((b, i) => html`<button type="button" role="radio" aria-checked=${b === brush} data-brush=${b}
              class=${b === brush ? 'on' : ''} onClick=${() => setBrush(b)} title=${`${i + 1}`}>
            <svg viewBox="0 0 10 10" aria-hidden="true"><use href=${`#t-${b}`}/></svg>
            <span>${brushName(b)}</span></button>`)}
        </div>
        <div class="coins" role="group" aria-label=${t('paper_score.coins')}>
          <span>${t('paper_score.coins')}</span>
          <button type="button" data-coins="less" aria-label=${t('paper_score.coin_less')} onClick=${() => setCoins(seasons[shown].coins - 1)}>−</button>
          <output data-coins-count>${seasons[shown].coins}</output>
          <button type="button" data-coins="more" aria-label=${t('paper_score.coin_more')} onClick=${() => setCoins(seasons[shown].coins + 1)}>+</button>
        </div>
      </div>
      <p class="muted small key-help">${t('paper_score.keys')}</p>
    </section>
    <aside class="side paper-panel">
      ${game.table && html`<${TableEntry} game=${game} table=${table} problem=${tableProblem} navigate=${navigate}
        onAdded=${(map) => setGame((g) => ({ ...g, map }))}/>`}
      <section class=${`panel paper-choices ${table ? 'locked' : ''}`}>
        <p class="muted small">${t('paper_score.intro')}</p>
        ${game.unreadable && html`<p class="error" role="alert">${t('paper_score.bad_address')}</p>`}
        <label class="field">${t('paper_score.side')}
          <select data-side value=${side} disabled=${Boolean(table)} onChange=${(e) => chooseSide(e.target.value)}>
            ${Object.values(raw.map_sides).map((s) => html`<option value=${s.id}>${nameIn(s.names)}</option>`)}
          </select></label>
        <div class="paper-edicts" role="group" aria-label=${t('edict.title')}>
          ${EDICT_LETTERS.map((letter, i) => html`<div class="paper-edict">
            <label class="card-pick"><span class="pick-letter">${t('setup.edict', { letter: t(`edict.letter.${letter}`) })}</span>
              <select data-edict=${letter} value=${cards[i]} disabled=${Boolean(table)} onChange=${(e) => chooseCard(i, e.target.value)}>
                ${pool.map(([category, list]) => html`<optgroup label=${t(`category.${category}`)}>
                  ${list.map((c) => html`<option value=${c.id}>${nameIn(c.names)}</option>`)}</optgroup>`)}
              </select></label>
            <div class="muted small"><${CardRuleLink} catalog=${catalog} id=${cards[i]}/> ${t(`scoring.${cards[i]}.text`)}</div>
          </div>`)}
        </div>
        <label class="check"><input type="checkbox" data-solo checked=${solo} disabled=${Boolean(table)} onChange=${(e) => update({ solo: e.target.checked })}/>
          ${t('paper_score.solo')}</label>
      </section>
      <section class="panel paper-results" aria-live="polite">
        ${error && html`<p class="error" role="alert" data-refusal=${error.code || ''}>${refusalText(error)}</p>`}
        ${result && html`<${PaperScores} result=${result} seasonName=${seasonName} shown=${shown} catalog=${catalog} light=${light}/>`}
        <p class="muted small">${t('paper_score.seasons_help')}</p>
        <button type="button" onClick=${copy}>${copied ? t('lobby.copied') : t('paper_score.copy')}</button>
        ${copied === false && html`<input type="text" readonly value=${location.href} aria-label=${t('paper_score.copy')}/>`}
      </section>
    </aside>
  </main>`;
}

/** The paper sheet's scoring boxes: each season's two edicts, coins, monsters and total, and
 * the final score; a score lights the cells that earned it on its season's map. */
function PaperScores({ result, seasonName, shown, catalog, light }) {
  const lightOn = (k, cells) => ({
    onPointerEnter: () => light(k, cells), onFocus: () => light(k, cells), onClick: () => light(k, cells),
  });
  return html`<div class="paper-scroll"><table class="board-table paper-tally">
    <thead><tr><th>${t('scores.season')}</th><th colspan="2">${t('scores.edicts')}</th>
      <th class="num">${t('scores.coins')}</th><th class="num">${t('scores.monsters')}</th><th class="num">${t('scores.total')}</th></tr></thead>
    <tbody>${result.seasons.map((s, k) => html`<tr class=${k === shown ? 'mine' : ''} data-season-row=${k}>
      <th scope="row">${seasonName(k)}</th>
      ${s.edicts.map((e) => html`<td class="num"><button type="button" class="linkish" data-edict-score=${e.letter}
          title=${catalog.card(e.card) ? nameIn(catalog.card(e.card).names) : e.card} ...${lightOn(k, e.cells)}>
        ${t(`edict.letter.${e.letter}`)} <span class="star">★</span>${e.stars}</button></td>`)}
      <td class="num" data-coins-score>${s.coins}</td>
      <td class="num"><button type="button" class="linkish" data-monster-score ...${lightOn(k, s.monster_cells)}>${scoreText(-s.monsters)}</button></td>
      <td class="num" data-season-total><b>${scoreText(s.total)}</b></td></tr>`)}</tbody>
    <tfoot><tr><th scope="row" colspan="5">${t('paper_score.final')}</th><td class="num" data-total><b>${scoreText(result.total)}</b></td></tr></tfoot>
  </table></div>
  <${SoloResult} solo=${result.solo}/>`;
}
