// The one page: a header with the language switch, and the page for the address: "/" the
// lobby, "/g/{id}" a game, "/daily" and "/weekly" the challenges ("/daily/{day}" a day's board,
// "/daily/{day}/g/{id}" a finished map of it), "/t/{id}", "/print" and "/score" a game's own
// pages (a paper table, the printed sheets, a paper map to score; routes.json names their
// game, games.js finds them in the game's folder). The addresses are written once, in
// routes.json, which the server reads too.
import { html, render } from './html.js';
import { LANGUAGES, initI18n, setLanguage, t, useLanguage, currentLanguage } from './i18n.js';
import { useEffect, useState } from 'preact/hooks';
import { Lobby } from './lobby.js';
import { GamePage } from './game.js';
import { ChallengePage } from './challenge.js';
import { gameEntry } from './games.js';
import ROUTES from './routes.json' with { type: 'json' };

const PATTERNS = ROUTES.map(({ page, game, pattern, params }) => ({ page, game, params, regex: new RegExp(`^(?:${pattern})$`) }));

/** The page for `path` with its params ({page: 'game', id: ...}), and the game whose own
 * page it is (game: 'cartographers', drawn from its entry in games.js); {page: 'missing'}
 * for none. */
function route(path) {
  for (const { page, game, params, regex } of PATTERNS) {
    const match = regex.exec(path);
    if (match) return Object.fromEntries([['page', page], ['game', game || null], ...params.map((name, i) => [name, match[i + 1] || null])]);
  }
  return { page: 'missing' };
}

/** A page of one game's own (routes.json names the game, games.js its pages). */
function GameOwnPage({ game, page, id, navigate }) {
  const Page = gameEntry(game).pages[page];
  return html`<${Page} id=${id} navigate=${navigate}/>`;
}

function NotFound({ navigate }) {
  return html`<main class="page"><p class="error">${t('nav.not_found')}</p><a href="/" onClick=${navigate}>${t('nav.lobby')}</a></main>`;
}

function App() {
  const language = useLanguage();
  const [where, setWhere] = useState(route(location.pathname));
  const [invites, setInvites] = useState(0);
  useEffect(() => {
    const onPop = () => setWhere(route(location.pathname));
    // An invitation opened where its game is already shown changes only the fragment.
    const onHash = () => { if (/token=/.test(location.hash)) setInvites((n) => n + 1); };
    window.addEventListener('popstate', onPop);
    window.addEventListener('hashchange', onHash);
    return () => {
      window.removeEventListener('popstate', onPop);
      window.removeEventListener('hashchange', onHash);
    };
  }, []);
  const navigate = (target) => {
    let path = target;
    if (target && target.preventDefault) {
      target.preventDefault();
      path = target.currentTarget.getAttribute('href');
    }
    history.pushState(null, '', path);
    setWhere(route(location.pathname)); // the address's query (a paper map, say) is the page's own
  };
  return html`<header class="top">
      <a class="brand" href="/" onClick=${navigate}>${t('app.title')}</a>
      <nav><a href="/" onClick=${navigate}>${t('nav.lobby')}</a>
        <a href="/daily" onClick=${navigate} aria-current=${where.kind === 'daily' ? 'page' : undefined}>${t('nav.daily')}</a>
        <a href="/weekly" onClick=${navigate} aria-current=${where.kind === 'weekly' ? 'page' : undefined}>${t('nav.weekly')}</a></nav>
      <label class="lang">${t('nav.language')}
        <select value=${language} onChange=${(e) => setLanguage(e.target.value)}>
          ${LANGUAGES.map(({ code, name }) => html`<option value=${code} lang=${code}>${name}</option>`)}
        </select></label>
    </header>
    ${where.page === 'game' && html`<${GamePage} key=${`${where.id}:${invites}`} id=${where.id} navigate=${navigate}/>`}
    ${where.page === 'challenge' && html`<${ChallengePage} key=${where.kind} kind=${where.kind} dayKey=${where.key} gameId=${where.id} navigate=${navigate}/>`}
    ${where.game && html`<${GameOwnPage} key=${`${where.game}:${where.page}:${where.id}`} game=${where.game} page=${where.page} id=${where.id} navigate=${navigate}/>`}
    ${where.page === 'lobby' && html`<${Lobby} navigate=${navigate}/>`}
    ${where.page === 'missing' && html`<${NotFound} navigate=${navigate}/>`}`;
}

initI18n().then(() => {
  document.documentElement.lang = currentLanguage();
  render(html`<${App}/>`, document.getElementById('app'));
});
