// The rules reference beside a game's table (GET /api/rules/<game>/<language>): a search box
// that filters as you type, the sections and their entries, see-also links. Opened by the
// table's Rules button or by openRules(game, entry) from anywhere (rules_link.js), which
// scrolls to that entry and marks it. On a wide screen it is a column beside the table, which
// narrows; on a phone it covers the screen, with its close button at the top.
import { html } from './html.js';
import { t, currentLanguage, useLanguage } from './i18n.js';
import { useEffect, useRef, useState } from 'preact/hooks';
import { api } from './api.js';

// Shapes and attack patterns are drawn in the texts with these signs, one line per row.
const ART = /^[■□◉✕\n]+$/;

/** Text for comparing, as the server's find() compares: case and accents dropped. */
export function fold(text) {
  return String(text).normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The entries a query finds, in the order herotable.rulebook.find gives: the exact id, title
 * or term first, then those whose title or terms hold every word, then those whose text does. */
export function findEntries(entries, query) {
  const wanted = fold(query).trim();
  const words = wanted.split(/\s+/).filter(Boolean);
  if (!words.length) return entries;
  const exact = [];
  const named = [];
  const told = [];
  for (const entry of entries) {
    const names = [entry.id, entry.title, ...entry.terms].map(fold);
    const text = fold(entry.text);
    if (names.includes(wanted)) exact.push(entry);
    else if (words.every((w) => names.some((n) => n.includes(w)))) named.push(entry);
    else if (words.every((w) => text.includes(w) || names.some((n) => n.includes(w)))) told.push(entry);
  }
  return [...exact, ...named, ...told];
}

function Entry({ entry, titles, lit, onGo }) {
  return html`<article class=${`rule-entry ${lit ? 'lit' : ''}`} id=${`rule-${entry.id}`} data-entry=${entry.id} tabindex="-1">
    <h4>${entry.title}</h4>
    ${entry.text.split('\n\n').map((p) => html`<p class=${ART.test(p) ? 'art' : ''}>${p}</p>`)}
    ${entry.see_also.length > 0 && html`<p class="see-also"><span class="muted">${t('rulebook.common.see_also')}${t('punct.colon')}</span>
      ${entry.see_also.filter((id) => titles.has(id)).map((id) => html`<button type="button" class="linkish" onClick=${() => onGo(id)}>${titles.get(id)}</button>`)}</p>`}
  </article>`;
}

/** The panel for `game`; closed until opened. `onOpen(open)` lets the page make room. */
export function RulesPanel({ game, onOpen }) {
  const language = useLanguage();
  const [open, setOpen] = useState(false);
  const [data, setData] = useState(null);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState('');
  const [target, setTarget] = useState(null); // {entry, n}: n makes a second click on the same name scroll again
  const list = useRef(null);

  useEffect(() => {
    const onRules = (e) => {
      const detail = e.detail || {};
      if (detail.game !== game) return;
      setOpen(true);
      if (detail.entry) { setQuery(''); setTarget((old) => ({ entry: detail.entry, n: old ? old.n + 1 : 1 })); }
    };
    window.addEventListener('herotable:rules', onRules);
    return () => window.removeEventListener('herotable:rules', onRules);
  }, [game]);
  useEffect(() => { if (onOpen) onOpen(open); }, [open]);

  useEffect(() => {
    if (!open) return undefined;
    let stop = false;
    setFailed(false);
    api.rules(game, currentLanguage()).then((d) => { if (!stop) setData(d); })
      .catch(() => { if (!stop) setFailed(true); });
    return () => { stop = true; };
  }, [open, game, language]);

  useEffect(() => {
    if (!open || !data || !target || !list.current) return;
    const found = list.current.querySelector(`[data-entry="${CSS.escape(target.entry)}"]`);
    // The list scrolls, not the page: the table keeps its place.
    if (found) { list.current.scrollTop = found.offsetTop - list.current.offsetTop; found.focus({ preventScroll: true }); }
  }, [open, data, target]);

  if (!open) return null;
  const go = (entry) => { setQuery(''); setTarget((old) => ({ entry, n: old ? old.n + 1 : 1 })); };
  const titles = new Map((data ? data.entries : []).map((e) => [e.id, e.title]));
  let body;
  if (failed) body = html`<p class="error">${t('rulebook.common.failed')}</p>`;
  else if (!data) body = html`<p class="muted">${t('rulebook.common.loading')}</p>`;
  else if (query.trim()) {
    const found = findEntries(data.entries, query);
    body = found.length
      ? found.map((entry) => html`<${Entry} entry=${entry} titles=${titles} onGo=${go}/>`)
      : html`<p class="muted">${t('rulebook.common.nothing', { query: query.trim() })}</p>`;
  } else {
    body = data.sections.map((section) => html`<section class="rule-section" aria-label=${section.title}>
      <h3>${section.title}</h3>
      ${data.entries.filter((e) => e.section === section.id).map((entry) => html`<${Entry} entry=${entry} titles=${titles}
          lit=${target && target.entry === entry.id} onGo=${go}/>`)}
    </section>`);
  }
  return html`<aside class="rules-panel" aria-label=${t('rulebook.common.title')}>
    <div class="rules-head">
      <h2>${t('rulebook.common.title')}</h2>
      <button type="button" class="rules-close" onClick=${() => setOpen(false)} aria-label=${t('rulebook.common.close')} title=${t('rulebook.common.close')}>✕</button>
    </div>
    <input type="search" class="rules-search" value=${query} placeholder=${t('rulebook.common.search_placeholder')}
      aria-label=${t('rulebook.common.search')} onInput=${(e) => setQuery(e.target.value)}/>
    ${data && !query.trim() && html`<nav class="rules-sections" aria-label=${t('rulebook.common.sections')}>
      ${data.sections.map((s) => html`<button type="button" class="linkish" onClick=${() => go(data.entries.find((e) => e.section === s.id).id)}>${s.title}</button>`)}
    </nav>`}
    <div class="rules-list" ref=${list}>${body}</div>
  </aside>`;
}
