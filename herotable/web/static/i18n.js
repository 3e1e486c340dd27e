// Message catalogues: one per language, shared with the terminals (herotable/messages, see
// its README.md); each names its own language (language.name). The server lists them
// (GET /api/meta) and serves each (GET /api/messages/<code>); the page loads only its own
// language and English, the fallback. Every text a person reads goes through t().
import { useEffect, useState } from 'preact/hooks';

const FALLBACK = 'en';
const STORE_KEY = 'herotable.language';

/** The languages on offer, as [{code, name}], known once initI18n has run. */
export let LANGUAGES = [{ code: FALLBACK, name: 'English' }];
let language = FALLBACK;
let messages = {};
let fallbackMessages = {};
const listeners = new Set();
const plurals = new Map();

const offered = (code) => LANGUAGES.some((l) => l.code === code);

function pickLanguage() {
  const stored = localStorage.getItem(STORE_KEY);
  if (offered(stored)) return stored;
  for (const tag of navigator.languages || [navigator.language || FALLBACK]) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (offered(base)) return base;
  }
  return FALLBACK;
}

/** The server's list of catalogues; without a server, English alone. */
async function loadLanguages() {
  try {
    const response = await fetch('/api/meta');
    if (!response.ok) return;
    const meta = await response.json();
    const names = meta.language_names || {};
    const codes = (meta.languages || []).filter((code) => /^[a-z]{2,3}(-[A-Za-z0-9]+)?$/.test(code));
    if (codes.includes(FALLBACK)) LANGUAGES = codes.map((code) => ({ code, name: names[code] || code }));
  } catch { /* keep English alone */ }
}

async function load(code) {
  const response = await fetch(`/api/messages/${code}`);
  if (!response.ok) throw new Error(`catalogue ${code}: ${response.status}`);
  return response.json();
}

export async function initI18n() {
  [fallbackMessages] = await Promise.all([load(FALLBACK), loadLanguages()]);
  await setLanguage(pickLanguage(), false);
}

export async function setLanguage(code, remember = true) {
  if (!offered(code)) code = FALLBACK;
  messages = code === FALLBACK ? fallbackMessages : await load(code);
  language = code;
  document.documentElement.lang = code;
  if (remember) localStorage.setItem(STORE_KEY, code);
  document.title = t('app.title');
  listeners.forEach((fn) => fn(code));
}

export function currentLanguage() { return language; }

function lookup(table, key) {
  let node = table;
  for (const part of key.split('.')) {
    if (node == null || typeof node !== 'object') return undefined;
    node = node[part];
  }
  return node;
}

function pluralRule(code) {
  if (!plurals.has(code)) plurals.set(code, new Intl.PluralRules(code));
  return plurals.get(code);
}

function interpolate(text, params) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** The message `key` with `{name}` filled from params; a plural message (an object of
 * one/few/many/other) is chosen by params.count with Intl.PluralRules. */
export function t(key, params = {}) {
  let value = lookup(messages, key);
  let code = language;
  if (value === undefined) { value = lookup(fallbackMessages, key); code = FALLBACK; }
  if (value === undefined) return key;
  if (typeof value === 'object') {
    const form = pluralRule(code).select(Number(params.count ?? 0));
    value = value[form] ?? value.other ?? Object.values(value)[0];
  }
  return interpolate(String(value), params);
}

/** What a person reads for a refused request (an ApiError): the message for its code in
 * this language (or English), else the server's English detail. */
export function refusalText(error) {
  if (error && error.code && has(`refusal.${error.code}`)) {
    // A parameter may be a name in each language ({"en": ..., "ru": ...}), words of the
    // game's vocabulary ({"terms": "terrain", "words": ["water"]}) or amounts of them
    // ({"terms": "dom.cost_part", "counts": {"generic": 4, "W": 1}}): said in this language.
    const said = (value) => {
      if (!value || typeof value !== 'object') return value;
      if (!value.terms) return nameIn(value);
      if (value.counts) {
        return Object.entries(value.counts).map(([w, count]) => (has(`${value.terms}.${w}`)
          ? t(`${value.terms}.${w}`, { count }) : `${count} ${w}`)).join(' + ');
      }
      return (value.words || []).map((w) => (has(`${value.terms}.${w}`) ? t(`${value.terms}.${w}`) : w)).join(', ');
    };
    const params = Object.fromEntries(Object.entries(error.params || {})
      .map(([name, value]) => [name, said(value)]));
    // A generic code's message may name {detail}, the English sentence, when nothing else
    // would say which input was wrong.
    params.detail = error.detail || error.message || '';
    return t(`refusal.${error.code}`, params);
  }
  return (error && (error.detail || error.message)) || '';
}

/** A number as the current language writes it, with at most `digits` decimals. */
export function formatNumber(x, digits = 1) {
  return new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(Number(x));
}

/** A score as the paper pages write it: a true minus sign for a loss, "—" for none yet. */
export function scoreText(n) {
  if (n === null || n === undefined) return '—';
  return n < 0 ? `−${-n}` : String(n);
}

/** Whether the catalogue has `key` (in this language or the fallback). */
export function has(key) {
  return lookup(messages, key) !== undefined || lookup(fallbackMessages, key) !== undefined;
}

/** A name from the engine's data ({"en": ..., "ru": ...}) in the current language. */
export function nameIn(names) {
  if (!names) return '';
  if (typeof names === 'string') return names;
  return names[language] || names[FALLBACK] || Object.values(names)[0] || '';
}

/** Re-render the calling component when the language changes. */
export function useLanguage() {
  const [code, setCode] = useState(language);
  useEffect(() => {
    listeners.add(setCode);
    return () => listeners.delete(setCode);
  }, []);
  return code;
}
