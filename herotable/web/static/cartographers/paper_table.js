// A paper table's page (/t/{id}): every device that opens the link follows the same deck live
// (the card flipped, drawn large, the season's time, the edicts, what this season revealed, an
// ambush's pass or solo rule, a season's scoring); the host's device (its link carries
// #host=TOKEN, kept in this browser) flips the cards, by button or key.
import { html } from '../html.js';
import { t, nameIn, refusalText, scoreText, useLanguage } from '../i18n.js';
import { useEffect, useRef, useState } from 'preact/hooks';
import { adoptHost, api, catalog as fetchCatalog, followTable, myTableMap } from '../api.js';
import { indexCatalog } from './catalog.js';
import { keyForTheTable } from '../table_keys.js';
import { RulesPanel } from '../rules.js';
import { openRules } from '../rules_link.js';
import { CardFace, ShapeGlyph, TimeMarks, cardName } from './card.js';
import { Edicts } from './edicts.js';
import { SeasonTrack } from './season.js';
import { TerrainDefs } from './terrain.js';
import { AFTER_EACH_SEASON } from './lasting.js';
import { writeAddress } from './paper_address.js';

const GAME = 'cartographers';
// Keys that flip: F (and the key under it in the Russian layout), the right arrow, space.
const FLIP_KEYS = new Set(['f', 'а', 'ArrowRight', ' ']);
// The refusals after which this page has nothing to show.
const UNSHOWABLE = new Set(['unknown_table', 'damaged_game']);

/** The season's name from the catalogue (its box's seasons, as the table's config says). */
function seasonName(catalog, state, index) {
  const season = catalog.seasonsFor(state.config.seasons || 'heroes')[index];
  return season ? nameIn(season.names) : '';
}

const letters = (list) => ({ first: t(`edict.letter.${list[0]}`), second: t(`edict.letter.${list[1]}`) });

/** What an ambush asks of the players at a paper table, in big words. */
function AmbushRule({ ambush }) {
  if (!ambush) return null;
  if (ambush.rule === 'pass') {
    return html`<div class="paper-rule pass" data-ambush=${ambush.pass_to} role="note">
      <span class="paper-arrow" aria-hidden="true">${ambush.direction === 'clockwise' ? '⟳' : '⟲'}</span>
      <div><b>${t(`paper_table.pass.${ambush.pass_to}`)}</b>
        <p>${t('paper_table.pass.then')}</p>
        <p class="small" data-remote>${t('paper_fixes.remote')}</p></div>
    </div>`;
  }
  return html`<div class="paper-rule solo" data-ambush="solo" role="note">
    <span class="paper-arrow" aria-hidden="true">${ambush.direction === 'clockwise' ? '⟳' : '⟲'}</span>
    <div><b>${t('paper_table.solo.title')}</b>
      <p>${t(`paper_table.solo.${ambush.direction}`, { corner: t(`ambush.corner.${ambush.corner}`) })}</p></div>
  </div>`;
}

/** What a hero card asks of every player, in a box as an ambush's rule is. */
function HeroRule({ card }) {
  if (!card || card.kind !== 'hero') return null;
  return html`<div class="paper-rule hero" data-hero=${card.id} role="note">
    <span class="paper-arrow" aria-hidden="true">✦</span>
    <div><b>${t('paper_fixes.hero.title')}</b><p>${t('paper_fixes.hero.text')}</p></div>
  </div>`;
}

/** The map side the table plays, by name and letter. */
function SideName({ catalog, side }) {
  const found = catalog.sides.find((s) => s.id === side);
  return html`<p class="paper-side-name" data-side=${side}>${t('paper_fixes.side', { name: found ? nameIn(found.names) : side })}</p>`;
}

/** The season's end: which edicts to score now (and, at winter's, that the game is over). */
function SeasonEnd({ state, catalog }) {
  if (!state.season_over) return null;
  const name = seasonName(catalog, state, state.season.index);
  // Ambushes that act after each scoring (zombies spread, the troll destroys), but not after
  // winter's: the game is over then.
  const lasting = state.over ? [] : state.ambushes_in_play.filter((id) => AFTER_EACH_SEASON.has((catalog.card(id) || {}).effect));
  // The season ends on the card just flipped: it is drawn before the scoring; the effects
  // after the scoring come before the next season starts.
  return html`<div class=${`paper-score ${state.over ? 'over' : ''}`} role="status" data-score=${state.score_now.join('')}>
    <b>${t('paper_fixes.season_ends', { season: name, ...letters(state.score_now) })}</b>
    <p>${t('paper_fixes.score_help')}</p>
    ${lasting.length > 0 && html`<p class="paper-after">${t('paper_table.after_scoring')}</p>
      <ul class="paper-after">${lasting.map((id) => html`<li data-card=${id}><b>${cardName(catalog, id)}</b> ${t(`paper_fixes.after.${catalog.card(id).effect}`)}</li>`)}</ul>`}
    <p data-next>${t(state.over ? 'paper_table.game_over' : 'paper_fixes.next_season')}</p>
  </div>`;
}

/** This season's cards so far, oldest first, each small. */
function Revealed({ state, catalog }) {
  return html`<section class="paper-revealed" aria-label=${t('card.revealed')}>
    <h3>${t('card.revealed')} <span class="muted">${t('paper_table.cards', { count: state.revealed.length })}</span></h3>
    ${state.revealed.length === 0 ? html`<p class="muted">${t('paper_table.none_yet')}</p>`
      : html`<ol>${state.revealed.map((id) => {
        const card = catalog.card(id);
        const cells = card && (card.kind === 'explore' ? card.shapes[0].cells : card.cells);
        const terrain = card && (card.kind === 'explore' ? card.terrains[0] : 'monster');
        return html`<li class=${`kind-${card ? card.kind : 'explore'}`} data-card=${id}>
          ${cells && html`<${ShapeGlyph} cells=${cells} terrain=${terrain} size="6"/>`}
          <button type="button" class="rule-link" onClick=${() => openRules(GAME, `card.${id}`)}>${cardName(catalog, id)}</button>
          ${card && card.time ? html`<${TimeMarks} time=${card.time}/>` : null}
        </li>`;
      })}</ol>`}
  </section>`;
}

/** The address that reopens a player's map on /score, on this table's side and edicts. */
function mapAddress(id, state, entry) {
  const seasons = entry.snapshots.map((s) => ({ grid: s.map.split('\n'), coins: s.coins }));
  return `/score${writeAddress({
    side: state.config.side, cards: state.edicts.map((e) => e.card), solo: state.solo, seasons, table: id, map: entry.map_id,
  })}`;
}

/** The players' maps added to the table, best first: each season's total, the total and,
 * solo, the rating and title; every figure the server's. A name reopens that map on /score. */
function Scoreboard({ id, state, catalog, navigate, host }) {
  const board = state.scoreboard;
  const mine = myTableMap(id);
  const seasons = state.seasons.map((_, k) => seasonName(catalog, state, k));
  // The host keeps the table open: a map opens in a new tab.
  const opener = host ? { target: '_blank', rel: 'noopener' } : { onClick: navigate };
  return html`<section class="paper-board-list" aria-label=${t('paper_board.title')} data-scoreboard>
    <h3>${t('paper_board.title')} <span class="muted">${t('paper_board.maps', { count: board.length })}</span></h3>
    ${board.length === 0 ? html`<p class="muted">${t('paper_board.empty')}</p>`
      : html`<div class="paper-scroll"><table class="board-table paper-standings">
        <thead><tr><th class="num">${t('challenge.rank')}</th><th>${t('challenge.name')}</th>
          ${seasons.map((name) => html`<th class="num season-col">${name}</th>`)}
          <th class="num">${t('scores.total')}</th>
          ${state.solo && html`<th class="num">${t('challenge.rating')}</th>`}</tr></thead>
        <tbody>${board.map((e) => html`<tr class=${mine && mine.map === e.map_id ? 'mine' : ''} data-map=${e.map_id}>
          <td class="num" data-rank>${e.rank}</td>
          <th scope="row"><a href=${mapAddress(id, state, e)} ...${opener} title=${t('paper_board.open_map')}>${e.name}</a>
            ${e.solo && e.solo.rating !== null && html`<span class="solo-title" data-title>${e.solo.title ? nameIn(e.solo.title) : t('challenge.no_title')}</span>`}</th>
          ${e.seasons.map((total) => html`<td class="num season-col">${scoreText(total)}</td>`)}
          <td class="num" data-total><b>${scoreText(e.total)}</b></td>
          ${state.solo && e.solo && html`<td class="num" data-rating>${e.solo.rating > 0 ? `+${e.solo.rating}` : scoreText(e.solo.rating)}</td>`}
        </tr>`)}</tbody></table></div>`}
    <p class="muted small">${t('paper_board.how')}</p>
  </section>`;
}

/** The links to share, and the host's setting: whether anyone may flip. */
function HostPanel({ id, token, state, onState, navigate }) {
  const [copied, setCopied] = useState(null);
  const [error, setError] = useState(null);
  const url = `${location.origin}/t/${id}`;
  const copy = async (which, text) => {
    try { await navigator.clipboard.writeText(text); setCopied(which); } catch { setCopied(false); }
  };
  const setAnyone = async (value) => {
    setError(null);
    try { onState(await api.tableSettings(id, token, { anyone_flips: value })); } catch (e) { setError(refusalText(e)); }
  };
  // The sheets to print carry the table's link as a QR code on every page.
  // and the score pad the table's edicts.
  const printAddress = `/print?${new URLSearchParams({ link: url, sides: state.config.side, cards: state.edicts.map((e) => e.card).join(',') })}`;
  return html`<section class="paper-links">
    <a class="paper-link" href=${printAddress} onClick=${navigate} data-print>${t('paper_board.print')}</a>
    <button type="button" onClick=${() => copy('share', url)}>${copied === 'share' ? t('lobby.copied') : t('paper_table.copy_share')}</button>
    ${token && html`<button type="button" onClick=${() => copy('host', `${url}#host=${token}`)}
        title=${t('paper_table.lobby.host_link_help')}>${copied === 'host' ? t('lobby.copied') : t('paper_table.copy_host')}</button>`}
    ${copied === false && html`<input type="text" readonly value=${url} aria-label=${t('paper_table.lobby.share_link')} onFocus=${(e) => e.target.select()}/>`}
    ${token && html`<label class="check"><input type="checkbox" name="anyone_flips" checked=${state.anyone_flips}
        onChange=${(e) => setAnyone(e.target.checked)}/> ${t('paper_table.anyone_flips')}</label>`}
    ${error && html`<p class="error">${error}</p>`}
  </section>`;
}

export function PaperTablePage({ id, navigate }) {
  useLanguage();
  const [token, setToken] = useState(null);
  const [ready, setReady] = useState(false);
  const [state, setState] = useState(null);
  const [catalog, setCatalog] = useState(null);
  const [link, setLink] = useState('connecting');
  const [problem, setProblem] = useState(null);
  const [notice, setNotice] = useState(null);
  const [busy, setBusy] = useState(false);
  const [rulesOpen, setRulesOpen] = useState(false);
  const latest = useRef(null);

  useEffect(() => { setToken(adoptHost(id)); setReady(true); }, [id]);
  useEffect(() => { fetchCatalog(GAME).then((raw) => setCatalog(indexCatalog(raw))).catch((e) => setProblem(refusalText(e))); }, []);
  // A push or answer older than the one shown is dropped (a flip's answer may pass its push).
  const show = (data) => setState((old) => {
    const next = old && old.seq > data.seq ? old : data;
    latest.current = next;
    return next;
  });
  useEffect(() => {
    if (!ready) return undefined;
    return followTable(id, (data) => { show(data); setProblem(null); }, (status, error) => {
      if (status === 'error') { setProblem(refusalText(error)); if (UNSHOWABLE.has(error.code)) setLink('error'); }
      else setLink(status);
    });
  }, [ready, id]);

  const shown = state;
  const mayFlip = shown && !shown.over && (token || shown.anyone_flips);
  const flip = async () => {
    const now = latest.current;
    if (busy || !now || now.over) return;
    setBusy(true);
    setNotice(null);
    try {
      show(await api.flip(id, token, now.seq));
    } catch (e) {
      if (e.code === 'stale_seq') setNotice(t('paper_table.flipped_first'));
      else setNotice(refusalText(e));
    } finally {
      setBusy(false);
    }
  };
  const flipRef = useRef(flip);
  flipRef.current = flip;
  useEffect(() => {
    if (!mayFlip) return undefined;
    const onKey = (e) => {
      if (!keyForTheTable(e) || !FLIP_KEYS.has(e.key.length === 1 ? e.key.toLowerCase() : e.key)) return;
      // Space on a focused button presses that button: it is not a flip.
      if (e.key === ' ' && e.target && e.target.closest && e.target.closest('button,a,summary')) return;
      e.preventDefault();
      flipRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [mayFlip]);

  if (!shown || !catalog) {
    return html`<main class="page"><p class=${problem ? 'error' : 'muted'}>${problem || t('game.loading')}</p>
      ${problem && html`<a href="/" onClick=${navigate}>${t('nav.lobby')}</a>`}</main>`;
  }
  const seasonIndex = shown.season.index;
  const view = { config: shown.config, season_index: seasonIndex, season_time: shown.season.time, over: shown.over };
  const current = shown.current && shown.current.id;
  const selfPlaced = shown.solo || shown.remote_ambush;
  let flipLabel = t('paper_table.flip');
  if (shown.flips === 0) flipLabel = t('paper_table.flip_first');
  else if (shown.season_over) flipLabel = t('paper_table.flip_season', { season: seasonName(catalog, shown, seasonIndex + 1) });

  // Each player's map, tapped in on /score, is scored with this table's side and edicts.
  // Added to the table (table=ID), it shows on the scoreboard; a player whose map is on it
  // already goes on drawing that map.
  const mine = myTableMap(id);
  const myEntry = mine && shown.scoreboard.find((e) => e.map_id === mine.map);
  const scoreAddress = myEntry ? mapAddress(id, shown, myEntry)
    : `/score?${new URLSearchParams({ table: id, side: shown.config.side, cards: shown.edicts.map((e) => e.card).join(','), ...(shown.solo ? { solo: '1' } : {}) })}`;
  return html`<main class=${`paper-table ${rulesOpen ? 'rules-open' : ''}`} data-seq=${shown.seq}>
    <${TerrainDefs}/>
    <div class="game-bar">
      <b>${t('paper_table.title')}</b>
      ${token ? html`<span class="badge host">${t('paper_table.host')}</span>` : null}
      ${shown.solo && html`<span class="badge">${t('paper_table.solo_badge')}</span>`}
      <button type="button" class="quiet rules-button" onClick=${() => openRules(GAME)} title=${t('rulebook.common.open_help')}>${t('rulebook.common.open')}</button>
      <span class=${`link ${link}`} title=${t(`link.${link}`)}>${t(`link.${link}`)}</span>
    </div>
    <div class="game-body">
    <div class="paper-body">
      <section class="paper-stage" aria-live="polite">
        <${SeasonEnd} state=${shown} catalog=${catalog}/>
        <div class="paper-card" data-card=${current || ''}>
          ${current ? html`<${CardFace} catalog=${catalog} id=${current} ruins=${shown.ruins} selfPlaced=${selfPlaced} size="26"/>`
            : html`<div class="card-face empty">${t(mayFlip ? 'paper_table.ready' : 'paper_table.waiting')}</div>`}
        </div>
        ${shown.last_flip.length > 1 && html`<p class="paper-note ruins">${t('paper_table.ruins_shown', { card: cardName(catalog, shown.last_flip[0]) })}</p>`}
        ${shown.ruins_pending && html`<p class="paper-note ruins">${t('paper_table.ruins_pending')}</p>`}
        <${AmbushRule} ambush=${shown.ambush}/>
        <${HeroRule} card=${shown.current}/>
        <div class="paper-flip">
          ${mayFlip ? html`<button type="button" class="primary flip-button" disabled=${busy} onClick=${flip}>
              ${flipLabel}<span class="key">F</span></button>`
            : (!shown.over && html`<p class="muted">${t('paper_table.host_flips')}</p>`)}
          ${notice && html`<p class="paper-note" role="status">${notice}</p>`}
          ${problem && html`<p class="error">${problem}</p>`}
        </div>
        <p class="paper-score-link"><a class="paper-link" href=${scoreAddress} onClick=${navigate}>${t('paper_table.score_map')}</a></p>
      </section>
      <aside class="paper-side">
        <${SeasonTrack} view=${view} catalog=${catalog}/>
        <${SideName} catalog=${catalog} side=${shown.config.side}/>
        <${Edicts} view=${{ scoring: shown.edicts.map((e) => e.card), over: shown.over }} catalog=${catalog}
          letters=${shown.season.edicts} preview=${null} base=${null} owner=${null} onLight=${() => null}/>
        <${Revealed} state=${shown} catalog=${catalog}/>
        <${Scoreboard} id=${id} state=${shown} catalog=${catalog} navigate=${navigate} host=${Boolean(token)}/>
        <${HostPanel} id=${id} token=${token} state=${shown} onState=${show} navigate=${navigate}/>
      </aside>
    </div>
    <${RulesPanel} game=${GAME} onOpen=${setRulesOpen}/>
    </div>
  </main>`;
}
