// The games this page plays, and the one contract between the shell (app.js, lobby.js,
// game.js, challenge.js), which names no game, and each game's own folder. A third game's page
// is its own folder and one entry in GAMES: the shell needs no change.
import { html } from './html.js';
import { catalog as fetchCatalog } from './api.js';
import { CartographersTable } from './cartographers/table.js';
import { indexCatalog as indexCartographers } from './cartographers/catalog.js';
import { cartographersSetup } from './cartographers/setup.js';
import { TerrainDefs } from './cartographers/terrain.js';
import { PrintPage } from './cartographers/print.js';
import { ScorePage } from './cartographers/paper_score.js';
import { actionText, cardName } from './cartographers/card.js';
import { PaperTablePage } from './cartographers/paper_table.js';
import { PaperTableSetup } from './cartographers/paper_setup.js';
import { DominariaTable } from './dominaria/table.js';
import { indexCatalog as indexDominaria } from './dominaria/catalog.js';
import { dominariaSetup } from './dominaria/setup.js';

/**
 * What the shell gives every game's table. A table reads what it needs and ignores the rest.
 * @typedef {object} TableProps
 * @property {object} state the game object of the API (`id`, `game`, `seq`, `over`, `pending`,
 *   `seat`, `seats`, `view`, `legal`...), or the replay's at the step shown
 * @property {object} catalog the game's catalogue, as its entry's `indexCatalog` made it
 * @property {number|null} seat the seat playing at this device; null for a spectator, a
 *   replay or a finished map
 * @property {((action: string) => Promise<object>)|null} act sends one action in the engine's
 *   notation; rejects with the API's error (null: nothing may be played)
 * @property {(() => Promise<object>)|null} [undo] takes back the seat's last action (the
 *   game object's `undo` says when it may); null: nothing to take back now
 * @property {((query: object) => Promise<object>)|null} [preview] asks the server what the
 *   scores would be (GET /api/games/{id}/preview); null when not offered
 * @property {{step: number, steps: number, label: string, controls: any}|null} [replay] the
 *   replay shown, with its counter in words and its controls to place in the table
 * @property {(() => Promise<object>)|null} [hint] asks the strong bot for a hint; null when the
 *   game gives none now
 * @property {object|null} [marks] the analysis of the replayed step (the move played and the
 *   bot's), to draw on the table
 * @property {any} [extra] drawn under the standings of a finished game (the analysis panel)
 * @property {object|null} [tutorial] the tutorial step shown (tutorial.js): a table may draw
 *   its `suggest`ed move and light what its `light` asks for
 */

/**
 * One game's page.
 * @typedef {object} GameEntry
 * @property {(props: TableProps) => any} Table the table
 * @property {(() => any)|null} Drawings SVG definitions the table's drawings `<use>`, drawn
 *   with the table (null: none)
 * @property {(raw: object) => object} indexCatalog the catalogue of /api/catalog/{game}, made
 *   ready for the table
 * @property {object|null} setup the lobby's hooks for options chosen from the catalogue
 *   (`inputs`, `choices`, `choiceLabel`, `keepAvailable`, `incomplete`; see
 *   cartographers/setup.js), or null
 * @property {((action: string) => string)|null} moveWords a move in words for the analysis
 *   (null: the engine's notation)
 * @property {((view: object, catalog: object) => string|null)|null} decisionSubject what a
 *   decision was about, named from the view it was taken in (the card of a Cartographers
 *   turn), for the analysis (null: nothing to name)
 * @property {Record<string, (props: {navigate: Function, id?: string}) => any>} pages the
 *   game's own pages, by the `page` of their entry in routes.json (which names the game)
 *   and given that entry's params: Cartographers' paper table (`table`, /t/{id}), printed
 *   sheets (`print`) and paper map scored (`score`)
 * @property {{Setup: (props: object) => any}|null} paper the lobby's set-up of a paper
 *   table (`game`, the game's /api/meta entry, and `navigate`), for a game whose deck the
 *   server flips for players on paper (null: none)
 */

/** @type {Record<string, GameEntry>} */
const GAMES = {
  cartographers: {
    Table: CartographersTable,
    Drawings: TerrainDefs,
    indexCatalog: indexCartographers,
    setup: cartographersSetup,
    moveWords: actionText,
    decisionSubject: (view, catalog) => (view.current ? cardName(catalog, view.current) : null),
    pages: { print: PrintPage, score: ScorePage, table: PaperTablePage },
    paper: { Setup: PaperTableSetup },
  },
  dominaria: {
    Table: DominariaTable,
    Drawings: null,
    indexCatalog: indexDominaria,
    setup: dominariaSetup,
    moveWords: null,
    decisionSubject: null,
    pages: {},
    paper: null,
  },
};

/** The name of the game whose deck a paper table (/t/{id}) flips, or null: the server's
 * tables are one game's. */
export const paperGame = () => Object.keys(GAMES).find((name) => GAMES[name].paper) || null;

/** The entry of game `name`, or null for a game this page cannot show. */
export const gameEntry = (name) => GAMES[name] || null;

/** Game `name`'s catalogue, fetched once per page and made ready for its table. */
export const loadCatalog = (name) => fetchCatalog(name).then((raw) => gameEntry(name).indexCatalog(raw));

/** Game `game`'s table with the drawings it uses; `props` are its {@link TableProps}. */
export function GameTable({ game, ...props }) {
  const { Table, Drawings } = gameEntry(game);
  return html`${Drawings && html`<${Drawings}/>`}<${Table} ...${props}/>`;
}
