// Each planeswalker's board: the Hero, Manalith, Leyline and Cabal tracks with what each
// space gives, the mana pool and Manalith tokens, artifacts in play, accomplishments, the
// score so far.
import { html } from '../html.js';
import { t, nameIn } from '../i18n.js';
import { nameOf } from './catalog.js';
import { findAction } from './notation.js';
import { Mana, SeatGlyph } from './symbols.js';
import { abilityText, scoreParts } from './words.js';
import { RulesLink, artifactEntry } from './reference.js';
import { openRules } from '../rules_link.js';

const TRACKS = ['hero', 'manalith', 'leyline', 'cabal'];

function reached(track, board, catalog) {
  if (track === 'hero') return catalog.tracks.hero.spaces.length - board.heroes_on_track;
  if (track === 'manalith') return board.manaliths.length;
  if (track === 'leyline') return board.leylines.length;
  return board.cabal;
}

function spaceTitle(space) {
  const gives = [];
  if (space.move) gives.push(t('dom.track.gives_move'));
  if (space.quest) gives.push(t('dom.track.gives_quest'));
  if (space.green) gives.push(t('dom.track.gives_green', { count: space.green }));
  const vp = t('dom.vp', { count: space.vp });
  return gives.length ? `${vp}${t('punct.semicolon')} ${gives.join(', ')}` : vp;
}

// A symbol on a track space opens its entry at a click; the legend under the map offers the
// same entries to the keyboard, so the many spaces do not each take a tab stop.
const symbol = (entry) => (e) => { e.stopPropagation(); openRules('dominaria', entry); };

function Track({ track, board, catalog }) {
  const spaces = catalog.tracks[track].spaces;
  const n = reached(track, board, catalog);
  return html`<div class="track" data-track=${track}>
    <${RulesLink} entry=${`track.${track}`} className="track-name" name=${t(`dom.track.help.${track}`)} worded>${t(`dom.track.${track}`)}</${RulesLink}>
    <ol class="spaces" aria-label=${t('dom.track.reached', { name: t(`dom.track.${track}`), count: n, total: spaces.length })}>
      ${spaces.map((s, i) => html`<li class=${`space ${i < n ? 'on' : ''}`} title=${spaceTitle(s)}>
        <b onClick=${symbol('symbol.vp')}>${s.vp}</b>
        <span class="gives">${s.move ? html`<i class="sym move" onClick=${symbol('symbol.move')}>»</i>` : null}${s.quest ? html`<i class="sym quest" onClick=${symbol('symbol.quest')}>?</i>` : null}${s.green ? html`<i class="sym green" onClick=${symbol('symbol.green')}>+${s.green}</i>` : null}</span>
      </li>`)}
    </ol></div>`;
}

export function SeatBoard({ seat, view, state, catalog, names, mine, actions, onAction, busy }) {
  const board = view.players[seat];
  const score = board.score;
  const turn = view.stage === 'play' && view.current === seat && !view.over;
  const breakdown = scoreParts(view.players)
    .map((k) => `${t(`dom.score.${k}`)} ${score[k]}`).join(' · ');
  const walker = catalog.raw.planeswalkers[board.walker];
  // Which turn of each round is this seat's, once the first player is drawn.
  const players = view.players.length;
  const place = view.first === null || view.first === undefined ? null
    : ((seat - view.first + players) % players) + 1;
  const present = state.seats[seat] && state.seats[seat].present === false ? ` (${t('seat.away')})` : '';
  const tokens = new Set(board.manalith_tokens);
  return html`<section class=${`seat-board ${turn ? 'turn' : ''} ${mine ? 'mine' : ''}`} data-seat=${seat}
      aria-label=${t('dom.board.of', { name: names[seat] })}>
    <header class="seat-head">
      <${SeatGlyph} seat=${seat} size=${18}/>
      <b class="seat-name">${names[seat]}${present}</b>
      <span class="muted walker">${walker ? nameIn(walker.names) : board.walker}</span>
      ${place && html`<span class="muted small turn-place">${t('dom.board.place', { place, count: players })}</span>`}
      ${turn && html`<span class="tag go">${t('dom.board.turn')}</span>`}
      <span class="vp-total" title=${breakdown}>${t('dom.vp', { count: score.total })}</span>
    </header>
    <div class="pool" aria-label=${t('dom.board.pool')}>
      ${catalog.raw.colours.map((c) => html`<${Mana} colour=${c} count=${board.pool[c]}/>`)}
      ${[...tokens].map((c) => html`<${Mana} colour=${c} token=${true} title=${t('dom.board.token_title')}/>`)}
      <span class="muted small hand-size">${t('dom.board.hand', { count: board.hand_size })}</span>
    </div>
    <div class="tracks">${TRACKS.map((tr) => html`<${Track} track=${tr} board=${board} catalog=${catalog}/>`)}</div>
    ${(board.artifacts.length > 0 || board.accomplished.length > 0 || board.public.length > 0) && html`<div class="owned">
      ${board.artifacts.map((id) => {
        const a = catalog.artifact(id);
        const use = mine && findAction(actions, 'use', [id]);
        return html`<span class="artifact-chip" title=${a ? `${abilityText(a.ability)} · ${t('dom.vp', { count: a.vp })}` : id}>
          <${RulesLink} entry=${artifactEntry(a)} className="name-link" name=${nameOf(catalog, id)}>◆ ${nameOf(catalog, id)}</${RulesLink}>
          ${use && html`<button type="button" class="small-btn" disabled=${busy}
            data-action=${use.text} onClick=${() => onAction(use.text)}>${t('dom.do.use_short')}</button>`}</span>`;
      })}
      ${board.accomplished.length > 0 && html`<span class="done-chip" title=${board.accomplished.map((id) => nameOf(catalog, id)).join(', ')}>
        ✓ ${t('dom.board.accomplished', { count: board.accomplished.length })}</span>`}
      ${board.public.map(([id, vp]) => html`<span class="done-chip public">★ ${nameOf(catalog, id)} ${vp}</span>`)}
    </div>`}
  </section>`;
}
