// Message catalogues: one JSON file per language in i18n/. Adding a language is adding its
// file and its code to LANGUAGES. Every text a person reads goes through t().
import { useEffect, useState } from './vendor/hooks.module.js';

export const LANGUAGES = ['en', 'ru'];
const FALLBACK = 'en';
const STORE_KEY = 'herotable.language';

let language = FALLBACK;
let messages = {};
let fallbackMessages = {};
const listeners = new Set();
const plurals = new Map();

function pickLanguage() {
  const stored = localStorage.getItem(STORE_KEY);
  if (LANGUAGES.includes(stored)) return stored;
  for (const tag of navigator.languages || [navigator.language || FALLBACK]) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return FALLBACK;
}

async function load(code) {
  const response = await fetch(`/static/i18n/${code}.json`);
  if (!response.ok) throw new Error(`catalogue ${code}: ${response.status}`);
  return response.json();
}

export async function initI18n() {
  fallbackMessages = await load(FALLBACK);
  await setLanguage(pickLanguage(), false);
}

export async function setLanguage(code, remember = true) {
  if (!LANGUAGES.includes(code)) code = FALLBACK;
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
