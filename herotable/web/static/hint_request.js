// Asking the server for a hint (the strong bot's choice for the seat's decision now), for any
// game's table: the bot thinks for a while, so the panel counts the seconds and the person may
// stop waiting; the answer is forgotten when the decision changes.
import { html } from './html.js';
import { t, refusalText } from './i18n.js';
import { useEffect, useRef, useState } from 'preact/hooks';
import { Thinking } from './thinking.js';

/** Asking for a hint: `ask()` answers the server's hint; forgotten when `decisionKey`
 * changes. Its `shown` is the bot's move drawn now (its choice, or one of its others). */
export function useHintRequest(ask, decisionKey) {
  const [hint, setHint] = useState(null); // {busy, since} | {answer, shown} | {error}
  const key = useRef(decisionKey);
  const asking = useRef(0); // which wait is on: one stopped waiting for drops its answer
  // The request on its way ({key, answer, since}): asked again before it is answered, the
  // page waits for it again rather than ask anew (the server thinks about one at a time).
  const flying = useRef(null);
  useEffect(() => { key.current = decisionKey; setHint(null); }, [decisionKey]);
  const request = async () => {
    if (!ask || (hint && hint.busy)) return;
    const asked = decisionKey;
    if (!flying.current || flying.current.key !== asked) {
      const sent = { key: asked, answer: ask(), since: Date.now() };
      flying.current = sent;
      const land = () => { if (flying.current === sent) flying.current = null; };
      sent.answer.then(land, land);
    }
    const { answer: coming, since } = flying.current;
    asking.current += 1;
    const ticket = asking.current;
    const wanted = () => key.current === asked && asking.current === ticket;
    setHint({ busy: true, since });
    try {
      const answer = await coming;
      if (wanted()) setHint({ answer, shown: answer.action });
    } catch (e) {
      if (!wanted()) return;
      const reason = { hints_off: 'hint.refused', not_your_turn: 'hint.nothing_owed' }[e.code];
      setHint({ error: reason ? t(reason) : refusalText(e) });
    }
  };
  const answer = hint && hint.answer;
  return {
    available: Boolean(ask),
    busy: Boolean(hint && hint.busy),
    since: hint && hint.since,
    error: hint && hint.error,
    answer,
    shown: answer && hint.shown,
    request,
    show: (action) => setHint((old) => ({ ...old, shown: action })),
    dismiss: () => setHint(null),
    // Stop waiting: the answer, when it comes, is dropped unless asked for again meanwhile.
    cancel: () => { asking.current += 1; setHint(null); },
  };
}

/** The bot's choice and its other moves, each once, as [{action, value}] (the choice first). */
export function hintChoices(answer) {
  if (!answer) return [];
  const all = [{ action: answer.action, value: answer.value }, ...(answer.options || [])];
  return all.filter((o, i) => all.findIndex((x) => x.action === o.action) === i);
}

/** The move's value in the answer, or null. */
export const hintValue = (answer, action) => {
  const found = hintChoices(answer).find((o) => o.action === action);
  return found ? found.value : null;
};

/** A value rounded as the hint shows it (one decimal). */
export const roundHint = (x) => Math.round(Number(x) * 10) / 10;

/** The hint's buttons (ask, take it, dismiss) and, while the bot thinks, the waiting line;
 * `cancelHelp`: the key of the waiting line's tooltip, if the game has one of its own. */
export function HintControls({ h, onTake, taken, cancelHelp }) {
  return html`<div class="row">
      <button type="button" class="hint-button" onClick=${h.request} disabled=${h.busy} aria-busy=${h.busy}
          title=${t('hint.help')}>
        ? ${t('hint.ask')}<span class="key">H</span></button>
      ${h.shown && html`<button type="button" class="take" disabled=${taken} onClick=${() => onTake(h.shown)}>${t('hint.take')}</button>
        <button type="button" class="quiet" onClick=${h.dismiss}>${t('hint.dismiss')}</button>`}
    </div>
    ${h.busy && html`<${Thinking} since=${h.since} onCancel=${h.cancel} help=${cancelHelp}/>`}`;
}
