// The server's JSON API and its WebSocket, plus "my games" (seat tokens kept in this browser).

/** A refused request: its HTTP status and the server's English `detail`, with the refusal's
 * `code` and `params` that i18n.js's refusalText() says in the page's language. */
export class ApiError extends Error {
  constructor(status, detail, code = null, params = {}) {
    super(detail || `HTTP ${status}`);
    this.status = status;
    this.detail = detail;
    this.code = code;
    this.params = params;
  }
}

async function request(method, path, { token, body } = {}) {
  const headers = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (!response.ok) throw refused(response.status, data);
  return data;
}

/** The ApiError of a refusal's status and JSON body (null when it had none). */
function refused(status, data) {
  const detail = data && data.detail;
  return new ApiError(status, typeof detail === 'string' ? detail : JSON.stringify(detail),
    data && typeof data.code === 'string' ? data.code : null,
    data && data.params && typeof data.params === 'object' ? data.params : {});
}

/** `text` as a QR code (GET /api/qr): the SVG's source. */
export async function qrSvg(text) {
  const response = await fetch(`/api/qr?text=${encodeURIComponent(text)}`);
  if (response.ok) return response.text();
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  throw refused(response.status, data);
}

export const api = {
  meta: () => request('GET', '/api/meta'),
  listed: () => request('GET', '/api/games?listed=1'),
  create: (body) => request('POST', '/api/games', { body }),
  game: (id, token) => request('GET', `/api/games/${id}?legal=none`, { token }),
  act: (id, token, seq, action) =>
    request('POST', `/api/games/${id}/actions?legal=none`, { token, body: { seq, action } }),
  undo: (id, token, seq) =>
    request('POST', `/api/games/${id}/undo?legal=none`, { token, body: { seq } }),
  leave: (id, token) => request('POST', `/api/games/${id}/leave`, { token }),
  rejoin: (id, token) => request('POST', `/api/games/${id}/rejoin`, { token }),
  preview: (id, token, { action, season, sheet } = {}) => {
    const query = new URLSearchParams();
    if (action) query.set('action', action);
    if (season !== undefined && season !== null) query.set('season', String(season));
    if (sheet !== undefined && sheet !== null) query.set('sheet', String(sheet));
    const qs = query.toString();
    return request('GET', `/api/games/${id}/preview${qs ? `?${qs}` : ''}`, { token });
  },
  log: (id) => request('GET', `/api/games/${id}/log`),
  replay: (id, step) => request('GET', `/api/games/${id}/replay/${step}`),
  hint: (id, token) => request('POST', `/api/games/${id}/hint`, { token }),
  analyse: (id, seat, token) => request('POST', `/api/games/${id}/analysis`, { token, body: { seat } }),
  analysis: (id, seat, token) => request('GET', `/api/games/${id}/analysis?seat=${seat}`, { token }),
  rules: (game, language) => request('GET', `/api/rules/${game}/${language}`),
  tutorialScript: (game) => request('GET', `/api/tutorials/${game}`),
  startTutorial: (game) => request('POST', `/api/tutorials/${game}`, { body: {} }),
  challenges: (kind) => request('GET', `/api/challenges/${kind}`),
  playChallenge: (kind, name, browser) => request('POST', `/api/challenges/${kind}/play`, { body: { name, browser } }),
  leaderboard: (kind, key) => request('GET', `/api/challenges/${kind}/${key}`),
  score: (body) => request('POST', '/api/score', { body }),
  challengeGame: (kind, key, id, token) => request('GET', `/api/challenges/${kind}/${key}/games/${id}`, { token }),
  createTable: (body) => request('POST', '/api/tables', { body }),
  table: (id) => request('GET', `/api/tables/${id}`),
  flip: (id, token, seq) => request('POST', `/api/tables/${id}/flip`, { token, body: { seq } }),
  tableSettings: (id, token, settings) => request('POST', `/api/tables/${id}/settings`, { token, body: settings }),
  addTableMap: (id, body) => request('POST', `/api/tables/${id}/maps`, { body }),
  replaceTableMap: (id, mapId, token, body) => request('PUT', `/api/tables/${id}/maps/${mapId}`, { token, body }),
};

const catalogs = new Map();
/** The game's card catalog, asked for once per page. */
export function catalog(game) {
  if (!catalogs.has(game)) {
    catalogs.set(game, request('GET', `/api/catalog/${game}`).catch((error) => {
      catalogs.delete(game);
      throw error;
    }));
  }
  return catalogs.get(game);
}

/**
 * Follow something the server pushes over a WebSocket at `path`: `hello` (an object, or null
 * for none) is sent on every (re)connect, each message goes to `onMessage`, and `poll()`
 * fetches the whole object (its answer goes to `onState`). Reconnects with backoff; while
 * the socket is down, polls so the page never freezes.
 */
function live({ path, hello, poll: fetchState, onMessage, onState, onStatus }) {
  let socket = null;
  let closed = false;
  let attempt = 0;
  let retryTimer = null;
  let pollTimer = null;

  const poll = async () => {
    try { onState(await fetchState()); } catch (error) { onStatus('error', error); }
  };
  const startPolling = () => {
    if (!pollTimer) pollTimer = setInterval(poll, 3000);
  };
  const stopPolling = () => { clearInterval(pollTimer); pollTimer = null; };

  const connect = () => {
    if (closed) return;
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    try {
      socket = new WebSocket(`${scheme}://${location.host}${path}`);
    } catch {
      scheduleRetry();
      return;
    }
    socket.onopen = () => {
      attempt = 0;
      if (hello) socket.send(JSON.stringify(hello));
      stopPolling();
      onStatus('live');
    };
    socket.onmessage = (event) => {
      try {
        onMessage(JSON.parse(event.data));
      } catch { /* a malformed push is ignored; the next one resyncs */ }
    };
    socket.onclose = () => {
      socket = null;
      if (!closed) scheduleRetry();
    };
    socket.onerror = () => { /* onclose follows */ };
  };

  const scheduleRetry = () => {
    if (closed) return;
    onStatus('reconnecting');
    startPolling();
    const delay = Math.min(30000, 500 * 2 ** attempt) * (0.75 + Math.random() / 2);
    attempt += 1;
    retryTimer = setTimeout(connect, delay);
  };

  poll();
  connect();
  return () => {
    closed = true;
    clearTimeout(retryTimer);
    stopPolling();
    if (socket) socket.close();
  };
}

/**
 * Follow a game live: the server pushes the whole GET object after every change and once
 * on every (re)connect, so a reconnect is a resync; when a seat connects or goes it sends
 * only {id, seq, seats}, merged here into the last object.
 */
export function follow(id, token, onStateGiven, onStatus) {
  let last = null;
  const onState = (data) => { last = data; onStateGiven(data); };
  const hello = { legal: 'none' };
  if (token) hello.token = token;
  return live({
    path: `/api/games/${id}/ws`,
    hello,
    poll: () => api.game(id, token),
    onMessage: (data) => {
      if (data && data.view) onState(data);
      else if (data && data.seats && last && last.seq === data.seq) onState({ ...last, seats: data.seats });
    },
    onState,
    onStatus,
  });
}

/** Follow a paper table live: the whole table object on every (re)connect and flip. */
export function followTable(id, onState, onStatus) {
  return live({
    path: `/api/tables/${id}/ws`,
    hello: null,
    poll: () => api.table(id),
    onMessage: (data) => { if (data && data.season) onState(data); },
    onState,
    onStatus,
  });
}

// ---------------------------------------------------------------- paper tables' hosts

const MY_TABLES = 'herotable.tables';

/** The list this browser keeps under `key`: [] when there is none or it cannot be read. */
function storedList(key) {
  try {
    const list = JSON.parse(localStorage.getItem(key) || '[]');
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/** Keep `list` under `key`, and tell this tab's listeners of "my games" (other tabs hear it
 * from the storage event). */
function storeList(key, list) {
  localStorage.setItem(key, JSON.stringify(list));
  window.dispatchEvent(new Event(CHANGED));
}

const myTables = () => storedList(MY_TABLES);

/** Keep the host's token of table `id` in this browser (as seat tokens are kept). */
export function rememberHost(id, token) {
  const list = myTables().filter((entry) => entry.id !== id);
  list.unshift({ id, token, added: Date.now() });
  storeList(MY_TABLES, list.slice(0, 100));
}

/** The tables this browser hosts, newest first: [{id, token, added}]. */
export function myPaperTables() {
  return myTables().filter((entry) => entry && typeof entry.id === 'string');
}

/** Forget the host's token of table `id` here (the table itself stays on the server). */
export function forgetHost(id) {
  storeList(MY_TABLES, myTables().filter((entry) => entry.id !== id));
}

/** The host's token of table `id` held here, or null. */
export function hostToken(id) {
  const entry = myTables().find((e) => e.id === id);
  return entry ? entry.token : null;
}

// The player's maps at paper tables, each with the token that replaces it: [{table, map, token}].
const MY_TABLE_MAPS = 'herotable.table_maps';

const myTableMaps = () => storedList(MY_TABLE_MAPS);

/** Keep the token of this browser's map `map` at table `table`. */
export function rememberTableMap(table, map, token) {
  const list = myTableMaps().filter((entry) => entry.table !== table);
  list.unshift({ table, map, token });
  localStorage.setItem(MY_TABLE_MAPS, JSON.stringify(list.slice(0, 100)));
}

/** This browser's map at table `table` ({table, map, token}), or null. */
export function myTableMap(table) {
  return myTableMaps().find((entry) => entry.table === table) || null;
}

/** Read `#host=...` from the address, keep the token, and clear the fragment. */
export function adoptHost(id) {
  const match = /host=([^&]+)/.exec(location.hash || '');
  if (match) {
    rememberHost(id, decodeURIComponent(match[1]));
    history.replaceState(null, '', location.pathname + location.search);
  }
  return hostToken(id);
}

// ---------------------------------------------------------------- the player's name

const PLAYER_NAME = 'herotable.name';

/** The name this browser's player last gave (a challenge, a paper table's scoreboard). */
export function savedName() {
  return localStorage.getItem(PLAYER_NAME) || '';
}

export function saveName(name) {
  localStorage.setItem(PLAYER_NAME, name);
}

// ---------------------------------------------------------------- my games (localStorage)

const MY_GAMES = 'herotable.games';
const CHANGED = 'herotable:games';

/** Call `listener` whenever "my games" (or the paper tables hosted here) change, here or in
 * another tab; returns the unsubscribe. */
export function onMyGames(listener) {
  const onStorage = (e) => { if (e.key === MY_GAMES || e.key === MY_TABLES) listener(); };
  window.addEventListener(CHANGED, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGED, listener);
    window.removeEventListener('storage', onStorage);
  };
}

const saveMyGames = (list) => storeList(MY_GAMES, list);

export const myGames = () => storedList(MY_GAMES);

export function rememberSeat({ id, seat, token, game, name }) {
  const list = myGames().filter((g) => !(g.id === id && g.seat === seat));
  list.unshift({ id, seat, token, game, name, added: Date.now() });
  saveMyGames(list.slice(0, 200));
}

/** Drop game `id`'s seats; returns them with their places in the list, for restoreSeats(). */
export function forgetGame(id) {
  const list = myGames();
  const removed = list.map((entry, index) => ({ entry, index })).filter(({ entry }) => entry.id === id);
  saveMyGames(list.filter((g) => g.id !== id));
  return removed;
}

/** Undo forgetGame(): each seat back where it was, token and all. */
export function restoreSeats(removed) {
  const list = myGames().filter((g) => !removed.some(({ entry }) => entry.id === g.id && entry.seat === g.seat));
  for (const { entry, index } of removed) list.splice(index, 0, entry);
  saveMyGames(list);
}

/** The seats of game `id` this browser holds, by seat number. */
export function localSeats(id) {
  return myGames().filter((g) => g.id === id).sort((a, b) => a.seat - b.seat);
}

/** Read `#token=...` from the address, remember the seat, and clear the fragment. */
export async function adoptInvite(id) {
  const match = /token=([^&]+)/.exec(location.hash || '');
  if (!match) return null;
  const token = decodeURIComponent(match[1]);
  history.replaceState(null, '', location.pathname + location.search);
  const state = await api.game(id, token);
  if (state.seat !== null && state.seat !== undefined) {
    const seat = state.seats.find((s) => s.seat === state.seat);
    rememberSeat({ id, seat: state.seat, token, game: state.game, name: seat && seat.name });
  }
  return state.seat;
}
