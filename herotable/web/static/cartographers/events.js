// What happened at the table, in words: the log "What happened" (the view's recent events,
// newest last) and the short notices of what this seat's own map has just been through, whose
// cells flash on the map for a moment.
import { html } from '../html.js';
import { t, nameIn } from '../i18n.js';
import { useEffect, useRef, useState } from 'preact/hooks';

const NOTICE_MS = 6000;
// What can happen to a map: these, on the seat's own map, are announced to it. A season's
// scoring concerns every map alike and has its own moment at the table: it is only logged.
const ON_A_MAP = new Set(['monster', 'ambush_ignored', 'destroyed', 'coins', 'zombies']);

const cardName = (catalog, id) => {
  const card = catalog.card(id);
  return card ? nameIn(card.names) : id;
};

function season(catalog, view, id) {
  return catalog.seasonsFor(view.config.seasons || 'heroes').find((s) => s.id === id) || { names: id, time: 0 };
}

/** One event in words, with names: `names` are the seats', `seat` the one reading (its map is
 * "your map"; null for a spectator). */
export function eventText(e, { catalog, view, names, seat }) {
  const mine = e.sheet !== undefined && e.sheet === seat;
  const owner = names[e.sheet];
  const cells = (e.cells || []).join(' ');
  switch (e.type) {
    case 'reveal':
      return t('log.reveal', { name: cardName(catalog, e.card) });
    case 'monster': {
      const card = cardName(catalog, e.card);
      if (e.by === null) return t(mine ? 'log.ambush_yours' : 'log.ambush', { card, owner, cells });
      return t(mine ? 'log.monster_yours' : 'log.monster', { name: names[e.by], card, owner, cells });
    }
    case 'ambush_ignored':
      return t('log.no_room', { name: cardName(catalog, e.card), map: mine ? t('log.your_map') : t('map.of', { name: owner }) });
    case 'destroyed':
      if (e.reason === 'hero') return t(mine ? 'log.hero_yours' : 'log.hero', { owner, cells });
      if (e.reason === 'troll') return t(mine ? 'log.troll_yours' : 'log.troll', { owner, cells });
      return t(mine ? 'log.gorgon_yours' : 'log.gorgon', { owner, cells });
    case 'coins':
      return t(mine ? 'log.coins_yours' : 'log.coins', {
        owner, count: e.gained, reason: t(`log.reason.${e.reason.replace(/ /g, '_')}`) });
    case 'zombies':
      return t(mine ? 'log.zombies_yours' : 'log.zombies', { owner, cells });
    case 'season_scored':
      return t('log.season_scored', { season: nameIn(season(catalog, view, e.season).names) });
    case 'season_start': {
      const s = season(catalog, view, e.season);
      return t('log.season_start', { season: nameIn(s.names), time: s.time });
    }
    case 'game_over':
      return t(e.early ? 'log.map_full' : 'log.game_over');
    default:
      return e.type;
  }
}

/** Keys that stay with an event while the window of recent events moves on. */
function keyed(events) {
  let step = null;
  let n = 0;
  return events.map((e) => {
    n = e.step === step ? n + 1 : 0;
    step = e.step;
    return [`${e.step}.${n}`, e];
  });
}

/** The log, newest last, scrolled to its end as events come. */
export function EventLog(props) {
  const box = useRef(null);
  const events = props.view.recent || [];
  const last = events.length ? `${events[events.length - 1].step}.${events.length}` : '';
  useEffect(() => { if (box.current) box.current.scrollTop = box.current.scrollHeight; }, [last]);
  if (!events.length) return null;
  return html`<section class="event-log" aria-label=${t('log.title')}>
    <h3>${t('log.title')}</h3>
    <ol ref=${box} aria-live="polite" tabindex="0">${keyed(events).map(([key, e]) => html`<li key=${key}
        class=${`ev ev-${e.type}${e.sheet !== undefined && e.sheet === props.seat ? ' mine' : ''}`}>${eventText(e, props)}</li>`)}</ol>
  </section>`;
}

const stillMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion:reduce)').matches;

/**
 * What the seat's own map went through since the state this page showed before (another
 * seat's monster, cells destroyed, coins, zombies, a solo ambush), for a few seconds:
 * { events, at, flash } (flash: the cells touched, none when the person asks for less motion),
 * or null. Nothing on the first state shown, for a spectator or in a replay.
 */
export function useNews(state, seat, replay) {
  const shown = useRef(null);
  const [news, setNews] = useState(null);
  useEffect(() => {
    const before = shown.current;
    // Events count actions of the game's log (`steps`); `seq` also counts undone ones.
    shown.current = { id: state.id, seat, seq: state.seq, steps: state.steps };
    if (replay || seat === null || seat === undefined || !before || before.id !== state.id
        || before.seat !== seat || state.seq <= before.seq) return;
    const mine = (state.view.recent || []).filter((e) => e.step >= before.steps && e.sheet === seat && ON_A_MAP.has(e.type));
    if (!mine.length) return;
    const flash = stillMotion() ? [] : mine.flatMap((e) => e.cells || []);
    setNews({ events: mine, at: state.seq, flash });
  }, [state.id, state.seq, seat, Boolean(replay)]);
  useEffect(() => {
    if (!news) return undefined;
    const timer = setTimeout(() => setNews(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [news]);
  return news;
}

/** The notices over the map: quiet (read politely), gone by themselves. */
export function Notices({ news, ...words }) {
  return html`<div class="notices" aria-live="polite">${news && news.events.map((e, i) => html`<p
      key=${`${news.at}.${i}`} class=${`notice ev-${e.type}`}>${eventText(e, words)}</p>`)}</div>`;
}
