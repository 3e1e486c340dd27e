// The lobby: a new game from /api/meta's option schema, the invitations it gives, the games
// this browser holds seats in, and games open to watch.
import { html } from './html.js';
import { t, currentLanguage, has, refusalText, useLanguage } from './i18n.js';
import { useEffect, useState } from 'preact/hooks';
import { api, catalog as fetchCatalog, forgetGame, forgetHost, myGames, myPaperTables, onMyGames, rememberSeat, restoreSeats } from './api.js';
import { gameEntry, paperGame } from './games.js';
import { seatNames } from './seats.js';
import { startTutorial } from './tutorial.js';
import { MoreOptions, SEAT_OPTIONS, chosenOptions, optionFieldMaker } from './option_field.js';

// The form's seat list stops here, though a game may take more (Cartographers takes 100).
const MOST_SEATS = 8;
const STATUS_POLL_MS = 15000;

const gameTitle = (name, fallback) => (has(`game.${name}`) ? t(`game.${name}`) : (fallback || name));
const botLabel = (bot) => (has(`bot.${bot}`) ? t(`bot.${bot}`) : bot);

function NewGame({ meta, navigate }) {
  const [gameName, setGameName] = useState(meta.games[0].name);
  const game = meta.games.find((g) => g.name === gameName) || meta.games[0];
  const min = game.min_players;
  const max = Math.min(game.max_players, MOST_SEATS);
  const [options, setOptions] = useState({});
  const [seats, setSeats] = useState([{ name: '' }]);
  const [seed, setSeed] = useState('');
  const [listed, setListed] = useState(true);
  const [created, setCreated] = useState(null);
  const [error, setError] = useState(null);
  const [copied, setCopied] = useState(null);
  const [loaded, setLoaded] = useState(null); // { game, raw }
  // Option inputs that need the game's catalogue (cards chosen by name, not typed): never
  // another game's, still held for the render that follows a change of game.
  const catalog = loaded && loaded.game === game.name ? loaded.raw : null;
  const hooks = (gameEntry(game.name) || {}).setup;
  const setup = hooks ? { hooks, catalog } : null;

  useEffect(() => {
    if (!hooks) return undefined;
    let current = true; // a slower answer for the game chosen before is dropped
    fetchCatalog(game.name).then((raw) => { if (current) setLoaded({ game: game.name, raw }); })
      .catch(() => { if (current) setLoaded(null); });
    return () => { current = false; };
  }, [game.name]);

  useEffect(() => {
    setOptions({});
    setSeats((old) => {
      const n = Math.max(min, Math.min(max, old.length));
      return Array.from({ length: n }, (_, i) => old[i] || (i === 0 ? { name: '' } : { bot: (game.bots || ['random'])[1] || 'random' }));
    });
  }, [gameName]);

  const setCount = (n) => setSeats((old) => Array.from({ length: n }, (_, i) => old[i] || { bot: (game.bots || ['greedy'])[1] || game.bots[0] }));
  const setSeat = (i, seat) => setSeats((old) => old.map((s, k) => (k === i ? seat : s)));

  // What the seats will be called (the bots' and the planeswalker lists' labels): the form
  // leaves bots unnamed, so every page names them in its own language.
  const botNames = seatNames(seats);
  const submit = async (e) => {
    e.preventDefault();
    setError(null);
    const missing = hooks && hooks.incomplete(options);
    if (missing) { setError(t(missing)); return; }
    const body = {
      game: game.name,
      options: chosenOptions(options),
      // A seat left unnamed stays unnamed: each page names it in its own language.
      seats: seats.map((s) => (s.bot ? { bot: s.bot } : (s.name.trim() ? { name: s.name.trim() } : {}))),
      listed,
    };
    if (seed !== '') body.seed = Number(seed);
    try {
      const made = await api.create(body);
      // The creator's own seat (the first person's) joins "My games" at once; the others
      // join when played here.
      const own = made.seats.find((s) => s.token);
      if (own) rememberSeat({ id: made.id, seat: own.seat, token: own.token, game: game.name, name: own.name });
      // One person's seat (solo, or against bots): no one to invite, so straight to the table
      // (the seat's link is on the table, and the game among "My games").
      if (made.seats.filter((s) => s.token).length === 1) navigate(`/g/${made.id}`);
      else setCreated(made);
    } catch (err) {
      setError(refusalText(err));
    }
  };

  const playHere = (seat, all = false) => {
    const list = all ? created.seats.filter((s) => s.token) : [seat];
    for (const s of list) rememberSeat({ id: created.id, seat: s.seat, token: s.token, game: game.name, name: s.name });
    navigate(`/g/${created.id}`);
  };
  const copy = async (s) => {
    try { await navigator.clipboard.writeText(s.url); setCopied(s.seat); } catch { setCopied(-1); }
  };

  if (created) {
    const people = created.seats.filter((s) => s.token);
    const createdNames = seatNames(created.seats);
    return html`<section class="panel">
      <h2>${t('lobby.created')}</h2>
      <p class="muted">${t('lobby.invite_help')}</p>
      <ul class="invites">${created.seats.map((s, i) => html`<li>
        <b>${createdNames[i]}</b>
        ${s.token ? html`<input type="text" readonly value=${s.url} aria-label=${t('lobby.invite_for', { name: createdNames[i] })}
              onFocus=${(e) => e.target.select()}/>
            <button type="button" onClick=${() => copy(s)}>${copied === s.seat ? t('lobby.copied') : t('lobby.copy')}</button>
            <button type="button" class="primary" onClick=${() => playHere(s)}>${t('lobby.play_here')}</button>`
          : html`<span class="muted">${t('lobby.bot_seat', { bot: botLabel(s.bot) })}</span>`}
      </li>`)}</ul>
      ${people.length > 1 && html`<button type="button" class="primary" onClick=${() => playHere(null, true)}>${t('lobby.hotseat')}</button>`}
      <button type="button" class="quiet" onClick=${() => setCreated(null)}>${t('lobby.another')}</button>
    </section>`;
  }

  const presetOption = game.options.find((o) => o.name === 'preset');
  const otherOptions = game.options.filter((o) => !SEAT_OPTIONS.has(o.name) && o.name !== 'preset');
  const fieldFor = optionFieldMaker({ game: game.name, options, setOptions, setup, names: botNames,
    onEdit: () => setError(null) });

  return html`<form class="panel new-game" onSubmit=${submit}>
    <h2>${t('lobby.new_game')}</h2>
    <div class="field-row">
      <div class="field"><label for="game">${t('lobby.game')}</label>
        <select id="game" value=${gameName} onChange=${(e) => setGameName(e.target.value)}>
          ${meta.games.map((g) => html`<option value=${g.name}>${gameTitle(g.name, g.title)}</option>`)}
        </select></div>
      ${presetOption && fieldFor(presetOption)}
      <div class="field"><label for="players">${t('lobby.players')}</label>
        <input id="players" type="number" min=${min} max=${max} value=${seats.length}
          onInput=${(e) => { const n = Number(e.target.value); if (n >= min && n <= max) setCount(n); }}/></div>
    </div>
    <fieldset class="seats"><legend>${t('lobby.seats')}</legend>
      ${seats.map((s, i) => html`<div class="seat-row">
        <span class="seat-no">${i + 1}</span>
        <select aria-label=${t('lobby.seat_kind', { n: i + 1 })} value=${s.bot ? 'bot' : 'person'}
          onChange=${(e) => setSeat(i, e.target.value === 'bot' ? { bot: (game.bots || ['random'])[1] || game.bots[0] } : { name: '' })}>
          <option value="person">${t('lobby.person')}</option><option value="bot">${t('lobby.bot')}</option></select>
        ${s.bot ? html`<select aria-label=${t('lobby.which_bot', { n: i + 1 })} value=${s.bot} onChange=${(e) => setSeat(i, { bot: e.target.value })}>
            ${(game.bots || []).map((b) => html`<option value=${b}>${botLabel(b)}</option>`)}</select>
            <span class="muted bot-name" data-seat=${i}>${botNames[i]}</span>`
          : html`<input type="text" aria-label=${t('lobby.seat_name', { n: i + 1 })} placeholder=${t('seat.unnamed', { n: i + 1 })}
              value=${s.name} onInput=${(e) => setSeat(i, { name: e.target.value })}/>`}
      </div>`)}
    </fieldset>
    <${MoreOptions} fields=${otherOptions.map(fieldFor)} seed=${seed} onSeed=${setSeed} seedHelp=${t('lobby.seed_help')}/>
    <label class="check"><input type="checkbox" checked=${listed} onChange=${(e) => setListed(e.target.checked)}/> ${t('lobby.listed')}</label>
    ${error && html`<p class="error" role="alert">${error}</p>`}
    <button type="submit" class="primary big-button">${t('lobby.create')}</button>
  </form>`;
}

function MyGames({ navigate }) {
  const [rows, setRows] = useState(() => groupMine());
  const [status, setStatus] = useState({});
  // The game last forgotten, until undone, another is forgotten or the page is left.
  const [forgotten, setForgotten] = useState(null);
  const forget = (id, name) => setForgotten({ name, seats: forgetGame(id) });
  const undo = () => { restoreSeats(forgotten.seats); setForgotten(null); };
  const notice = forgotten && html`<p class="forgotten" role="status">${t('lobby.forgotten', { name: forgotten.name })}
    <button type="button" onClick=${undo}>${t('lobby.undo')}</button></p>`;
  // Seats remembered or forgotten anywhere (this page, another tab) show at once.
  useEffect(() => onMyGames(() => setRows(groupMine())), []);
  const ids = rows.map((g) => g.id).join(' ');
  useEffect(() => {
    let stop = false;
    const refresh = () => {
      for (const g of rows) {
        api.game(g.id, g.seats[0].token).then((s) => { if (!stop) setStatus((old) => ({ ...old, [g.id]: s })); })
          .catch((e) => { if (!stop) setStatus((old) => ({ ...old, [g.id]: { error: e.code || 'unreachable' } })); });
      }
    };
    refresh();
    const timer = setInterval(refresh, STATUS_POLL_MS);
    return () => { stop = true; clearInterval(timer); };
  }, [ids]);
  if (!rows.length) return html`<section class="panel my-games"><h2>${t('lobby.my_games')}</h2><p class="muted">${t('lobby.no_games')}</p>${notice}</section>`;
  return html`<section class="panel my-games"><h2>${t('lobby.my_games')}</h2>
    <ul class="game-list">${rows.map((g) => {
      const s = status[g.id];
      const mine = g.seats.map((x) => x.seat);
      let line = t('game.loading');
      let state = 'loading';
      if (s && s.error) {
        line = s.error === 'unknown_game' ? t('game.not_found') : t('lobby.unreachable');
        state = 'error';
      } else if (s) {
        const waitingFor = s.pending.filter((p) => !mine.includes(p)).map((p) => seatNames(s.seats)[p]);
        if (s.over) { line = t('lobby.status_over'); state = 'over'; }
        else if (s.pending.some((p) => mine.includes(p))) { line = t('lobby.status_your_move'); state = 'your_move'; }
        else { line = waitingFor.length ? t('lobby.status_waiting_for', { names: waitingFor.join(', ') }) : t('lobby.status_waiting'); state = 'waiting'; }
      }
      const names = s && s.seats ? seatNames(s.seats).join(', ') : g.seats.map((x) => x.name).filter(Boolean).join(', ');
      return html`<li data-game=${g.id} data-status=${state}><a href=${`/g/${g.id}`} onClick=${navigate}>${names || g.id}</a>
        <span class=${`tag ${state === 'your_move' ? 'go' : ''}`}>${line}</span>
        <button type="button" class="quiet" onClick=${() => forget(g.id, names || g.id)}>${t('lobby.forget')}</button></li>`;
    })}</ul>${notice}</section>`;
}

/** The paper tables this browser set up (their host's token kept here): each reopens as host. */
function MyPaperTables({ navigate }) {
  const [rows, setRows] = useState(() => myPaperTables());
  const [status, setStatus] = useState({});
  useEffect(() => onMyGames(() => setRows(myPaperTables())), []);
  const ids = rows.map((r) => r.id).join(' ');
  useEffect(() => {
    let stop = false;
    for (const r of rows) {
      api.table(r.id).then((s) => { if (!stop) setStatus((old) => ({ ...old, [r.id]: s })); })
        .catch((e) => { if (!stop) setStatus((old) => ({ ...old, [r.id]: { error: e.code || 'unreachable' } })); });
    }
    return () => { stop = true; };
  }, [ids]);
  if (!rows.length) return null;
  const forget = (id) => forgetHost(id);
  return html`<section class="panel my-games my-tables" data-my-tables>
    <h2>${t('paper_fixes.lobby.title')}</h2>
    <ul class="game-list">${rows.map((r) => {
      const s = status[r.id];
      let line = t('game.loading');
      if (s && s.error) line = s.error === 'unknown_table' ? t('game.not_found') : t('lobby.unreachable');
      else if (s && s.over) line = t('lobby.status_over');
      else if (s) line = t('paper_fixes.lobby.flips', { count: s.flips });
      const when = new Date(r.added).toLocaleDateString(currentLanguage(), { day: 'numeric', month: 'short' });
      return html`<li data-table=${r.id}><a href=${`/t/${r.id}`} onClick=${navigate}>${t('paper_fixes.lobby.table', { date: when })}</a>
        <span class="tag">${line}</span>
        <button type="button" class="quiet" onClick=${() => forget(r.id)}>${t('lobby.forget')}</button></li>`;
    })}</ul></section>`;
}

function groupMine() {
  const byId = new Map();
  for (const g of myGames()) {
    if (!byId.has(g.id)) byId.set(g.id, { id: g.id, game: g.game, seats: [] });
    byId.get(g.id).seats.push(g);
  }
  return [...byId.values()];
}

/** "Learn to play": each game's tutorial, a guided game that starts at once. */
function Learn({ meta, navigate }) {
  const [error, setError] = useState(null);
  const [starting, setStarting] = useState(null);
  const learnable = meta.games.filter((g) => g.tutorial);
  if (!learnable.length) return null;
  const start = async (name) => {
    setStarting(name); setError(null);
    try { navigate(await startTutorial(name)); } catch (e) { setError(refusalText(e)); setStarting(null); }
  };
  return html`<section class="panel" data-learn>
    <h2>${t('tutorial.ui.learn')}</h2>
    <p class="muted small">${t('tutorial.ui.learn_help')}</p>
    <div class="learn">${learnable.map((g) => html`<button type="button" class="primary" data-tutorial=${g.name}
        disabled=${starting !== null} onClick=${() => start(g.name)}>${t('tutorial.ui.learn_game', { game: gameTitle(g.name, g.title) })}</button>`)}</div>
    ${error && html`<p class="error">${error}</p>`}
  </section>`;
}

/** For a table that plays on paper: a paper map scored by the engine, and sheets to print. */
function OnPaper({ navigate }) {
  return html`<section class="panel" data-on-paper>
    <h2>${t('paper_print.on_paper')}</h2>
    <p class="muted small">${t('paper_score.lobby_help')}</p>
    <a class="paper-link" href="/score" onClick=${navigate}>${t('paper_score.lobby_link')}</a>
    <p class="muted small">${t('paper_print.on_paper_help')}</p>
    <a href="/print" onClick=${navigate}>${t('paper_print.title')}</a>
  </section>`;
}

function Watch({ navigate }) {
  const [games, setGames] = useState(null);
  useEffect(() => {
    const load = () => api.listed().then(setGames).catch(() => setGames([]));
    load();
    return onMyGames(load); // a game just created here may be listed
  }, []);
  return html`<section class="panel"><h2>${t('lobby.watch')}</h2>
    ${games === null ? html`<p class="muted">${t('game.loading')}</p>`
      : games.length === 0 ? html`<p class="muted">${t('lobby.nothing_to_watch')}</p>`
        : html`<ul class="game-list">${games.map((g) => html`<li>
          <a href=${`/g/${g.id}`} onClick=${navigate}>${seatNames(g.seats || []).join(', ')}</a>
          <span class="tag">${gameTitle(g.game)} · ${g.over ? t('lobby.status_over') : t('lobby.moves', { count: g.seq })}</span></li>`)}</ul>`}
  </section>`;
}

export function Lobby({ navigate }) {
  useLanguage();
  const [meta, setMeta] = useState(null);
  const [error, setError] = useState(null);
  // A game played here, or a paper table (a deck flipped for players drawing on paper).
  const [paper, setPaper] = useState(false);
  useEffect(() => { api.meta().then(setMeta).catch((e) => setError(refusalText(e))); }, []);
  const paperable = meta && meta.games.find((g) => g.name === paperGame());
  const PaperSetup = paperable && gameEntry(paperable.name).paper.Setup;
  const form = paper && paperable ? html`<${PaperSetup} game=${paperable} navigate=${navigate}/>` : html`<${NewGame} meta=${meta} navigate=${navigate}/>`;
  return html`<main class="lobby">
    <div class="lobby-main">
      ${paperable && html`<div class="lobby-mode" role="group" aria-label=${t('paper_table.lobby.mode')}>
        <button type="button" aria-pressed=${!paper} class=${paper ? '' : 'on'} onClick=${() => setPaper(false)}>${t('lobby.new_game')}</button>
        <button type="button" aria-pressed=${paper} class=${paper ? 'on' : ''} data-mode="paper" onClick=${() => setPaper(true)}>${t('paper_table.lobby.title')}</button>
      </div>`}
      ${meta ? form : html`<section class="panel"><p class=${error ? 'error' : 'muted'}>${error || t('game.loading')}</p></section>`}
    </div>
    <div class="lobby-side">
      ${meta && html`<${Learn} meta=${meta} navigate=${navigate}/>`}
      <${OnPaper} navigate=${navigate}/>
      <${MyGames} navigate=${navigate}/>
      <${MyPaperTables} navigate=${navigate}/>
      <${Watch} navigate=${navigate}/>
    </div>
  </main>`;
}
