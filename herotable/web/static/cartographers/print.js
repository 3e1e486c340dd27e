// "Print sheets" (/print): map sheets and a score pad for a table that plays Cartographers on
// paper. The choices live in the address (?sides=C,D&paper=a4&copies=4&pad=1&rows=4&link=URL&
// cards=ID,ID,ID,ID: the table's edicts, printed on the score pad),
// so a shared table can link to its own sheets; the screen shows the pages as they will print,
// and the browser's Print gives one clean page per sheet (print.css: the paper's @page size,
// no site chrome). A page of this game's own (games.js, `pages`).
import { html } from '../html.js';
import { t, nameIn, refusalText, useLanguage } from '../i18n.js';
import { useEffect, useState } from 'preact/hooks';
import { qrSvg, catalog as fetchCatalog } from '../api.js';
import { indexCatalog } from './catalog.js';
import { TerrainDefs } from './terrain.js';
import { PrintedSheet } from './print_sheet.js';
import { ScorePad } from './score_pad.js';

const PAPERS = ['a4', 'letter'];
const MAX_COPIES = 12;
const MAX_ROWS = 10;
// A usual table: the score pad's rows when the address does not say.
const DEFAULT_ROWS = 4;
// Where Letter is the usual paper (the Americas' Letter countries and the Philippines);
// elsewhere A4.
const LETTER_REGIONS = new Set(['US', 'CA', 'MX', 'CL', 'CO', 'VE', 'PH']);

const clamp = (value, low, high, fallback) => {
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) ? Math.min(Math.max(n, low), high) : fallback;
};

function usualPaper() {
  const region = (navigator.language || '').split('-')[1] || '';
  return LETTER_REGIONS.has(region.toUpperCase()) ? 'letter' : 'a4';
}

/** The choices the address holds, each kept to what it may be. */
function readChoices(search) {
  const query = new URLSearchParams(search);
  const paper = query.get('paper');
  return {
    // No `sides` at all: the Heroes box's first side; an empty one: none.
    sides: (query.has('sides') ? query.get('sides') : 'C').split(',').filter((id) => /^[A-Z]$/.test(id)),
    paper: PAPERS.includes(paper) ? paper : usualPaper(),
    copies: clamp(query.get('copies'), 1, MAX_COPIES, 1),
    pad: query.get('pad') !== '0',
    rows: clamp(query.get('rows'), 1, MAX_ROWS, DEFAULT_ROWS),
    link: (query.get('link') || '').trim(),
    // The four edicts' cards (A-D) of a table; the page prints only those the catalogue knows.
    cards: (query.get('cards') || '').split(',').filter((id) => /^[\w-]{1,40}$/.test(id)).slice(0, 4),
  };
}

function writeChoices(choices) {
  const query = new URLSearchParams({
    sides: choices.sides.join(','), paper: choices.paper, copies: String(choices.copies),
    pad: choices.pad ? '1' : '0', rows: String(choices.rows),
  });
  if (choices.link) query.set('link', choices.link);
  if (choices.cards.length) query.set('cards', choices.cards.join(','));
  history.replaceState(history.state, '', `${location.pathname}?${query}`);
}

/** The link's QR code as an image address, or the refusal's words when the server refused
 * it (a text too long); `waiting` while it is asked for. */
function useQr(link) {
  const [qr, setQr] = useState({ src: null, error: null, waiting: false });
  useEffect(() => {
    if (!link) { setQr({ src: null, error: null, waiting: false }); return undefined; }
    setQr({ src: null, error: null, waiting: true });
    let live = true;
    qrSvg(link)
      .then((svg) => live && setQr({ src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`, error: null, waiting: false }))
      .catch((e) => live && setQr({ src: null, error: refusalText(e), waiting: false }));
    return () => { live = false; };
  }, [link]);
  return qr;
}

function Controls({ choices, change, sides, pages, qr }) {
  const toggleSide = (id, on) => change({
    sides: sides.map((s) => s.id).filter((s) => (s === id ? on : choices.sides.includes(s))),
  });
  // Opened from a paper table (its link on this site): the way back to it.
  const table = choices.link.startsWith(`${location.origin}/t/`) ? choices.link : null;
  return html`<section class="panel print-controls">
    ${table && html`<a class="paper-link" href=${table} data-back>${t('paper_board.back')}</a>`}
    <h1>${t('paper_print.title')}</h1>
    <p class="muted">${t('paper_print.help')}</p>
    <div class="print-fields">
      <fieldset><legend>${t('paper_print.sides')}</legend>
        ${sides.map((side) => html`<label class="check"><input type="checkbox" name="side" value=${side.id}
            checked=${choices.sides.includes(side.id)} onChange=${(e) => toggleSide(side.id, e.target.checked)}/> ${nameIn(side.names)}</label>`)}
      </fieldset>
      <fieldset><legend>${t('paper_print.paper')}</legend>
        ${PAPERS.map((paper) => html`<label class="check"><input type="radio" name="paper" value=${paper}
            checked=${choices.paper === paper} onChange=${() => change({ paper })}/> ${t(`paper_print.${paper}`)}</label>`)}
      </fieldset>
      <div>
        <div class="field"><label for="copies">${t('paper_print.copies')}</label>
          <input id="copies" type="number" min="1" max=${MAX_COPIES} value=${choices.copies}
            onChange=${(e) => change({ copies: clamp(e.target.value, 1, MAX_COPIES, 1) })}/></div>
        <label class="check"><input type="checkbox" name="pad" checked=${choices.pad} onChange=${(e) => change({ pad: e.target.checked })}/> ${t('paper_print.with_pad')}</label>
        ${choices.pad && html`<div class="field"><label for="rows">${t('paper_print.rows')}</label>
          <input id="rows" type="number" min="1" max=${MAX_ROWS} value=${choices.rows}
            onChange=${(e) => change({ rows: clamp(e.target.value, 1, MAX_ROWS, DEFAULT_ROWS) })}/></div>`}
      </div>
    </div>
    <div class="field wide"><label for="table-link">${t('paper_print.link')}</label>
      <input id="table-link" type="url" value=${choices.link}
        onChange=${(e) => change({ link: e.target.value.trim() })}/>
      <small class="muted">${t('paper_print.link_help')}</small>
      ${qr.error && html`<p class="error" role="alert">${qr.error}</p>`}</div>
    <div class="print-go">
      <button type="button" class="primary big-button" disabled=${pages === 0 || qr.waiting} onClick=${() => window.print()}>${t('paper_print.print')}</button>
      <span class="muted" role="status">${pages === 0 ? t('paper_print.nothing') : t('paper_print.pages', { count: pages })}</span>
    </div>
  </section>`;
}

export function PrintPage() {
  useLanguage();
  const [catalog, setCatalog] = useState(null);
  const [error, setError] = useState(null);
  const [choices, setChoices] = useState(() => readChoices(location.search));
  const qr = useQr(choices.link);
  useEffect(() => {
    fetchCatalog('cartographers').then((raw) => setCatalog(indexCatalog(raw)))
      .catch((e) => setError(refusalText(e)));
  }, []);
  useEffect(() => writeChoices(choices), [choices]);
  if (!catalog) {
    return html`<main class="page"><p class=${error ? 'error' : 'muted'}>${error || t('game.loading')}</p></main>`;
  }
  const sides = [...catalog.sides].sort((a, b) => a.id.localeCompare(b.id));
  const chosen = sides.filter((side) => choices.sides.includes(side.id));
  const sheets = chosen.flatMap((side) => Array.from({ length: choices.copies }, (_, copy) => ({ side, copy })));
  // The pad counts the seasons of the box played: the first side chosen's.
  const seasons = catalog.seasonsFor(chosen.length ? chosen[0].box : 'heroes');
  const pages = sheets.length + (choices.pad ? 1 : 0);
  const change = (part) => setChoices((now) => ({ ...now, ...part }));
  return html`<main class=${`print-page paper-${choices.paper}`}>
    <${TerrainDefs}/>
    <${Controls} choices=${choices} change=${change} sides=${sides} pages=${pages} qr=${qr}/>
    <div class="print-sheets" role="region" aria-label=${t('paper_print.preview')}>
      ${sheets.map(({ side, copy }) => html`<${PrintedSheet} key=${`${side.id}-${copy}`} side=${side} catalog=${catalog} link=${choices.link} qr=${qr.src}/>`)}
      ${choices.pad && html`<${ScorePad} seasons=${seasons} rows=${choices.rows} link=${choices.link} qr=${qr.src}
        edicts=${choices.cards.length === 4 && choices.cards.every((id) => catalog.card(id)) ? choices.cards.map((id) => nameIn(catalog.card(id).names)) : null}/>`}
    </div>
  </main>`;
}
