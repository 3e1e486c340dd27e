// The Dominaria cards revealed so far (the view's face-up discard pile), newest first, each in
// words with the turn that revealed it; and, for the map, the card behind each Cabal token.
import { html } from '../html.js';
import { t } from '../i18n.js';
import { Mana, SeatGlyph } from './symbols.js';
import { cardText } from './words.js';

// The map's shapes for the tokens a card puts there (map.js, the legend).
const TOKEN_MARKS = { cabal: '⬢', artifact: '◆' };

/** "Round 3, Ann": the turn that revealed a card. */
const turnText = (reveal, names) => t('dom.revealed.turn', { round: reveal.round, name: names[reveal.player] ?? '' });

/** Per location, what each Cabal token standing there came from, in words (oldest first). */
export function cabalOrigins(view, names) {
  const turnOf = new Map((view.reveals || []).map((r) => [r.card, r]));
  const found = {};
  for (const [loc, cards] of Object.entries(view.cabal_cards || {})) {
    found[loc] = cards.filter((c) => turnOf.has(c)).map((c) => {
      const r = turnOf.get(c);
      return t('dom.revealed.cabal_from', { round: r.round, name: names[r.player] ?? '' });
    });
  }
  return found;
}

/** The list, folded under its count: the table keeps its room for the map. */
export function RevealedCards({ catalog, view, names }) {
  const reveals = [...(view.reveals || [])].reverse();
  if (!reveals.length) return null;
  return html`<section class="revealed" aria-label=${t('dom.revealed.title')}>
    <details><summary class="small">${t('dom.revealed.summary', { count: reveals.length })}</summary>
      <ol>${reveals.map((r) => {
        const card = catalog.card(r.card);
        return html`<li data-card=${r.card}>
          <span class="rv-turn"><${SeatGlyph} seat=${r.player} size=${11}/> ${turnText(r, names)}</span>
          ${card && html`<span class="card-mana">${card.mana.map((c) => html`<${Mana} colour=${c}/>`)}</span>`}
          <span class="rv-text">${card && card.token ? html`<span class=${`rv-token ${card.token}`} aria-hidden="true">${TOKEN_MARKS[card.token]}</span>` : null}${cardText(catalog, r.card)}</span></li>`;
      })}</ol></details>
  </section>`;
}
