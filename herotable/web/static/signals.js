// "Your turn" signals for online play: when a seat held here comes to owe a decision after
// waiting for another person, the tab's title says so (until this page acts or the game
// ends), a short quiet chime plays (unless turned off) and, with the tab hidden and the
// person opted in, the browser shows a notification. Never in a game where nobody else plays
// a seat (a solo game, bots, all seats on this device): there it is always your turn.
import { html } from './html.js';
import { t, useLanguage } from './i18n.js';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';

const SOUND_KEY = 'herotable.turn_sound';
const NOTIFY_KEY = 'herotable.turn_notify';

function remembered(key, fallback) {
  try {
    const value = localStorage.getItem(key);
    return value === null ? fallback : value === '1';
  } catch { return fallback; }
}

function remember(key, on) {
  try { localStorage.setItem(key, on ? '1' : '0'); } catch { /* a private window keeps it for the page */ }
}

const notices = () => typeof window.Notification === 'function';
const granted = () => notices() && window.Notification.permission === 'granted';

let audio = null;

/** Two soft rising notes, a quarter of a second each, made on the spot (no sound file). */
function chime() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  try {
    audio = audio || new Context();
    if (audio.state === 'suspended') audio.resume().catch(() => null);
    const now = audio.currentTime;
    [[660, 0], [880, 0.14]].forEach(([pitch, at]) => {
      const tone = audio.createOscillator();
      const volume = audio.createGain();
      tone.type = 'sine';
      tone.frequency.value = pitch;
      volume.gain.setValueAtTime(0.0001, now + at);
      volume.gain.exponentialRampToValueAtTime(0.05, now + at + 0.02);
      volume.gain.exponentialRampToValueAtTime(0.0001, now + at + 0.25);
      tone.connect(volume).connect(audio.destination);
      tone.start(now + at);
      tone.stop(now + at + 0.3);
    });
  } catch { /* no sound is no harm */ }
}

/** The browser's notification, only while the person looks elsewhere. */
function notify() {
  if (document.visibilityState !== 'hidden' || !granted()) return;
  try {
    const notice = new window.Notification(t('signals.notice_title'), { body: t('signals.notice_body'), tag: 'herotable-turn' });
    notice.onclick = () => { window.focus(); notice.close(); };
  } catch { /* a browser that shows notifications from a service worker only */ }
}

/** Whether another person plays a seat in `state`: a seat not in `held`, not a bot. */
const othersPlay = (state, held) => state.seats.some((s) => !s.bot && !held.includes(s.seat));

/**
 * The signals of the page that plays `held` (seat numbers) in `state` (null: nothing to
 * signal, as in a replay): {live, calling, sound, notify, blocked, setSound, setNotify, acted}.
 * `acted()` is for the page's own action: the title goes back to plain.
 */
export function useTurnSignals(state, held) {
  const language = useLanguage(); // setLanguage() writes the plain title: the call is rewritten after it
  const [calling, setCalling] = useState(false);
  const [sound, setSoundState] = useState(() => remembered(SOUND_KEY, true));
  const [notifyOn, setNotifyState] = useState(() => remembered(NOTIFY_KEY, false) && granted());
  const [blocked, setBlocked] = useState(false);
  const last = useRef(null); // the last state's {owes, waits}: a seat here owed; a person elsewhere did
  const live = Boolean(state && !state.over && held.length && othersPlay(state, held));
  const settings = useRef({});
  settings.current = { sound, notifyOn };

  useEffect(() => {
    if (!live) { last.current = null; setCalling(false); return; }
    const owes = held.some((seat) => state.pending.includes(seat));
    const waits = state.pending.some((seat) => !held.includes(seat) && !(state.seats[seat] || {}).bot);
    const before = last.current;
    last.current = { owes, waits };
    if (!owes) { setCalling(false); return; }
    if (before && !before.owes && before.waits) {
      setCalling(true);
      if (settings.current.sound) chime();
      if (settings.current.notifyOn) notify();
    }
  }, [state, live]);

  useEffect(() => {
    if (!calling) return undefined;
    document.title = t('signals.title', { app: t('app.title') });
    return () => { document.title = t('app.title'); };
  }, [calling, language]);

  const setSound = (on) => { setSoundState(on); remember(SOUND_KEY, on); };
  // The permission is asked here only, on the person's click: never as the page loads.
  const setNotify = async (on) => {
    let answer = on && notices() ? window.Notification.permission : 'default';
    if (on && answer !== 'granted' && answer !== 'denied') answer = await window.Notification.requestPermission();
    const yes = on && answer === 'granted';
    setNotifyState(yes);
    setBlocked(on && !yes);
    remember(NOTIFY_KEY, yes);
  };
  const acted = useCallback(() => setCalling(false), []);
  return { live, calling, sound, notify: notifyOn, blocked, setSound, setNotify, acted };
}

/** The two toggles, where a page can be called at all: the chime, and the notifications. */
export function TurnSignalToggles({ s }) {
  if (!s.live) return null;
  return html`<span class="turn-signals">
    <label><input type="checkbox" checked=${s.sound} onChange=${(e) => s.setSound(e.target.checked)}/> ${t('signals.sound')}</label>
    ${notices() && html`<label><input type="checkbox" checked=${s.notify} onChange=${(e) => s.setNotify(e.target.checked)}/> ${t('signals.notify')}</label>`}
    ${s.blocked && html`<span class="muted" role="status">${t('signals.notify_blocked')}</span>`}
  </span>`;
}
