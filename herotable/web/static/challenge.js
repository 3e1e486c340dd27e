// The daily and weekly challenges: the deal running now (its set-up in words, the time left),
// one attempt per player name and browser, the leaderboard of every day (or week) played,
// and anyone's finished map, read-only. The attempt is played in the normal table.
import { html } from './html.js';
import { t, nameIn, currentLanguage, refusalText, useLanguage } from './i18n.js';
import { useEffect, useState } from 'preact/hooks';
import { api, rememberSeat, savedName, saveName } from './api.js';
import { GameTable, loadCatalog } from './games.js';

const BROWSER = 'herotable.browser';
const ATTEMPTS = 'herotable.challenges'; // {"daily:2026-11-23": {id, token, name}}
const CLOCK_MS = 30000;

/** This browser's own random id, made once and kept: the server allows one attempt per
 * browser as well as per name. */
export function browserId() {
  let id = localStorage.getItem(BROWSER);
  if (!id || id.length < 16) {
    const bytes = crypto.getRandomValues(new Uint8Array(24));
    id = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    localStorage.setItem(BROWSER, id);
  }
  return id;
}

function attempts() {
  try {
    const found = JSON.parse(localStorage.getItem(ATTEMPTS) || '{}');
    return found && typeof found === 'object' ? found : {};
  } catch {
    return {};
  }
}

/** The attempt this browser made at challenge `id` ("daily:2026-11-23"), or null. */
export function attemptAt(id) { return attempts()[id] || null; }

function rememberAttempt(id, attempt) {
  localStorage.setItem(ATTEMPTS, JSON.stringify({ ...attempts(), [id]: attempt }));
}

/** The page of a challenge: "daily:2026-11-23" -> "/daily/2026-11-23". */
export const challengePath = (challengeId) => `/${challengeId.replace(':', '/')}`;

/** A day or week key in words, in the page's language. */
function keyWords(kind, key) {
  if (kind === 'daily') {
    const [y, m, d] = key.split('-').map(Number);
    return new Intl.DateTimeFormat(currentLanguage(), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
      .format(new Date(Date.UTC(y, m - 1, d)));
  }
  const [year, week] = key.split('-W');
  return t('challenge.week_of', { week: Number(week), year });
}

/** "5 h 12 min" to `ends` (days too for a week). */
function timeLeft(ends, now) {
  const minutes = Math.max(0, Math.floor((new Date(ends).getTime() - now) / 60000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const parts = [];
  if (days) parts.push(t('challenge.days', { count: days }));
  if (days || hours) parts.push(t('challenge.hours', { count: hours }));
  if (!days) parts.push(t('challenge.minutes', { count: minutes % 60 }));
  return parts.join(' ');
}

/** A leaderboard line's title, in the page's language (the server sends its names). */
const titleOf = (entry) => (entry.title ? nameIn(entry.title) : t('challenge.no_title'));

const signed = (n) => (n === null || n === undefined ? '—' : (n > 0 ? `+${n}` : String(n)));

function Board({ kind, dayKey, navigate, refresh }) {
  const [board, setBoard] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    setBoard(null); setError(null);
    api.leaderboard(kind, dayKey).then(setBoard).catch((e) => setError(refusalText(e)));
  }, [kind, dayKey, refresh]);
  if (error) return html`<p class="error">${error}</p>`;
  if (!board) return html`<p class="muted">${t('game.loading')}</p>`;
  if (!board.entries.length) return html`<p class="muted">${t('challenge.board_empty')}</p>`;
  const mine = attemptAt(board.challenge.kind ? `${board.challenge.kind}:${board.challenge.key}` : '');
  return html`<table class="board-table" data-key=${dayKey}>
    <thead><tr><th class="num">${t('challenge.rank')}</th><th>${t('challenge.name')}</th><th class="num">${t('challenge.score')}</th>
      <th class="num">${t('challenge.rating')}</th><th>${t('challenge.title')}</th><th><span class="sr">${t('challenge.map')}</span></th></tr></thead>
    <tbody>${board.entries.map((e) => html`<tr class=${mine && mine.id === e.game ? 'mine' : ''} data-game=${e.game}>
      <td class="num">${e.rank}</td><td class="who">${e.name}</td><td class="num">${t('edict.stars', { count: e.score })}</td>
      <td class="num">${signed(e.rating)}</td><td>${titleOf(e)}</td>
      <td><a href=${`/${kind}/${dayKey}/g/${e.game}`} onClick=${navigate}>${t('challenge.view_map')}</a></td></tr>`)}
    </tbody></table>`;
}

function Today({ kind, now, navigate, onOver }) {
  const [name, setName] = useState(savedName);
  const [mine, setMine] = useState(() => attemptAt(`${kind}:${now.key}`));
  const [game, setGame] = useState(null); // my attempt's game object
  const [entry, setEntry] = useState(null); // my line on today's board
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);
  const [clock, setClock] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setClock(Date.now()), CLOCK_MS);
    return () => clearInterval(timer);
  }, []);
  // Past midnight (or the week's end) the next challenge runs: ask what runs now.
  const over = now.open && clock >= new Date(now.ends).getTime();
  useEffect(() => { if (over && onOver) onOver(); }, [over]);
  useEffect(() => {
    if (!mine) return;
    api.game(mine.id, mine.token).then(setGame).catch(() => setGame(null));
    api.leaderboard(kind, now.key).then((b) => setEntry(b.entries.find((e) => e.game === mine.id) || null)).catch(() => null);
  }, [mine && mine.id]);

  const play = async (e) => {
    e.preventDefault();
    const chosen = name.trim();
    if (!chosen || busy) return;
    setBusy(true); setError(null);
    saveName(chosen);
    try {
      const made = await api.playChallenge(kind, chosen, browserId());
      const attempt = { id: made.id, token: made.token, name: chosen };
      rememberAttempt(`${kind}:${now.key}`, attempt);
      rememberSeat({ id: made.id, seat: 0, token: made.token, game: now.game, name: chosen });
      setMine(attempt);
      navigate(`/g/${made.id}`);
    } catch (err) {
      setError(err.code === 'attempt_taken' ? t(`challenge.already_${kind}`) : refusalText(err));
    }
    setBusy(false);
  };

  const preset = now.options && now.options.preset;
  let yours = null;
  if (mine) {
    const finished = game && game.over;
    yours = html`<div class="yours" role="status">
      <p class="played">${t(`challenge.played_${kind}`, { name: mine.name })}</p>
      ${finished && entry && html`<p class="result">${t('challenge.your_result', { rank: entry.rank, score: t('edict.stars', { count: entry.score }), rating: signed(entry.rating) })}
        <b class="result-title">${titleOf(entry)}</b></p>`}
      ${game && !finished && html`<p>${t('challenge.unfinished')}</p>`}
      <a class="button-link" href=${`/g/${mine.id}`} onClick=${navigate}>${finished ? t('challenge.see_yours') : t('challenge.continue')}</a>
    </div>`;
  }
  return html`<section class="panel today">
    <h1>${t(`challenge.title_${kind}`)} · ${keyWords(kind, now.key)}</h1>
    <p class="setup">${t('challenge.setup', { preset: t(`option.${now.game}.preset.choice.${preset}`) })}</p>
    <p class="left">${now.open ? t('challenge.time_left', { time: timeLeft(now.ends, clock) }) : t('challenge.closed')}</p>
    ${yours || html`<form class="play-form" onSubmit=${play}>
      <label for="challenge-name">${t('challenge.your_name')}</label>
      <input id="challenge-name" type="text" maxlength="40" autocomplete="nickname" value=${name}
        onInput=${(e) => setName(e.target.value)} required/>
      <button type="submit" class="primary big-button" disabled=${busy || !name.trim()}>${t('challenge.play')}</button>
      <small class="muted">${t('challenge.one_attempt')}</small>
    </form>`}
    ${error && html`<p class="error" role="alert">${error}</p>`}
  </section>`;
}

/** A finished attempt's map, read-only (with this browser's own token while it runs). */
function FinishedMap({ kind, dayKey, id, catalog, navigate }) {
  const [state, setState] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    const mine = attemptAt(`${kind}:${dayKey}`);
    api.challengeGame(kind, dayKey, id, mine && mine.token).then(setState)
      .catch((e) => setError(refusalText(e)));
  }, [kind, dayKey, id]);
  const back = html`<a href=${`/${kind}/${dayKey}`} onClick=${navigate}>${t('challenge.back_to_board')}</a>`;
  if (error) return html`<main class="page"><p class="error" role="alert">${error}</p>${back}</main>`;
  if (!state || !catalog) return html`<main class="page"><p class="muted">${t('game.loading')}</p></main>`;
  return html`<main class="game challenge-map">
    <div class="game-bar">${back}<span class="badge">${t(`challenge.title_${kind}`)} · ${keyWords(kind, dayKey)}</span></div>
    <${GameTable} game=${state.game} state=${state} catalog=${catalog} seat=${null} act=${null} preview=${null}/>
  </main>`;
}

export function ChallengePage({ kind, dayKey, gameId, navigate }) {
  useLanguage();
  const [info, setInfo] = useState(null);
  const [catalog, setCatalog] = useState(null);
  const [error, setError] = useState(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    api.challenges(kind).then(setInfo).catch((e) => setError(refusalText(e)));
  }, [kind, asked]);
  const game = info && info.now.game;
  useEffect(() => {
    if (game) loadCatalog(game).then(setCatalog).catch(() => setCatalog(null));
  }, [game]);
  if (gameId && dayKey) return html`<${FinishedMap} kind=${kind} dayKey=${dayKey} id=${gameId} catalog=${catalog} navigate=${navigate}/>`;
  if (error) return html`<main class="page"><p class="error" role="alert">${error}</p></main>`;
  if (!info) return html`<main class="page"><p class="muted">${t('game.loading')}</p></main>`;

  // Today, yesterday, then every earlier day with entries (newest first).
  const keys = [info.now.key, info.before.key];
  for (const p of info.played) if (!keys.includes(p.key)) keys.push(p.key);
  keys.sort((a, b) => (a < b ? 1 : -1));
  const shown = dayKey && /^[\w-]+$/.test(dayKey) ? dayKey : info.now.key;
  const counts = Object.fromEntries(info.played.map((p) => [p.key, p.entries]));
  const label = (key) => {
    if (key === info.now.key) return t(`challenge.now_${kind}`);
    if (key === info.before.key) return t(`challenge.before_${kind}`);
    return keyWords(kind, key);
  };
  return html`<main class="challenge">
    <${Today} key=${info.now.key} kind=${kind} now=${info.now} navigate=${navigate}
      onOver=${() => setTimeout(() => setAsked((n) => n + 1), 2000)}/>
    <section class="panel leaderboard">
      <h2>${t('challenge.board')} · ${keyWords(kind, shown)}</h2>
      <nav class="days" aria-label=${t(`challenge.days_${kind}`)}>
        ${keys.map((key) => html`<a href=${`/${kind}/${key}`} onClick=${navigate} data-key=${key}
            class=${key === shown ? 'on' : ''} aria-current=${key === shown ? 'page' : undefined}>
          ${label(key)}${counts[key] ? html` <span class="count">${counts[key]}</span>` : ''}</a>`)}
      </nav>
      <${Board} kind=${kind} dayKey=${shown} navigate=${navigate}/>
    </section>
  </main>`;
}
