// The log of the last turns in words, from the view's recent events, newest last.
import { html } from '../html.js';
import { t } from '../i18n.js';
import { useEffect, useRef } from 'preact/hooks';
import { SeatGlyph } from './symbols.js';
import { eventText } from './words.js';

export function TurnLog({ catalog, view, names }) {
  const box = useRef(null);
  const events = view.recent || [];
  useEffect(() => { if (box.current) box.current.scrollTop = box.current.scrollHeight; }, [events.length, view.round]);
  return html`<section class="turn-log" aria-label=${t('dom.log.title')}>
    <h3>${t('dom.log.title')}</h3>
    <ol ref=${box} aria-live="polite" tabindex="0">${events.map((e) => html`<li class=${`ev ev-${e.type}`}>
      ${e.player !== undefined ? html`<${SeatGlyph} seat=${e.player} size=${12}/>` : null}
      <span>${eventText(catalog, names, e)}</span></li>`)}
      ${events.length === 0 && html`<li class="muted">${t('dom.log.empty')}</li>`}</ol>
  </section>`;
}
