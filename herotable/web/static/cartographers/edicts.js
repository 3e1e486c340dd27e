// Edicts A-D: the scoring cards, this season's two marked, each with its stars "if the season
// ended now" on the map shown (saying whose, when not the seat's own) and what the placement
// being chosen would change.
import { html } from '../html.js';
import { t } from '../i18n.js';
import { CardRuleLink } from './card.js';
import { EDICT_LETTERS } from './setup.js';

/** "If the season ended now": both edicts, coins, the monsters' cost and the total; on whose
 * map, when not the seat's own (a monster decision's preview is the neighbour's map). */
export function SeasonPreview({ preview, seat, names, onLight }) {
  if (!preview) return null;
  const elsewhere = preview.sheet !== undefined && preview.sheet !== seat;
  return html`<div class="season-preview" aria-live="polite">
    <span class="muted">${elsewhere ? t('preview.if_now_on', { name: names[preview.sheet] || '' }) : t('preview.if_now')}</span>
    <span>${t('preview.edicts', { count: preview.edict_stars })}</span>
    <span>+ ${t('preview.coins', { count: preview.coins })}</span>
    <button type="button" class="linkish" onPointerEnter=${() => onLight(preview.monster_cells || null)}
      onPointerLeave=${() => onLight(null)} onFocus=${() => onLight(preview.monster_cells || null)} onBlur=${() => onLight(null)}>
      − ${t('preview.monsters', { count: preview.monsters })}</button>
    <b>= ${t('edict.stars', { count: preview.total })}</b>
  </div>`;
}

export function Edicts({ view, catalog, letters, preview, base, owner, onLight }) {
  const starsOf = (source, letter) => {
    const e = source && (source.edicts || []).find((x) => x.letter === letter);
    return e ? e.stars : null;
  };
  return html`<ul class="edicts" data-tour="edicts" aria-label=${t('edict.title')}>
    ${view.scoring.map((id, i) => {
      const letter = EDICT_LETTERS[i];
      const card = catalog.card(id);
      const active = letters.includes(letter) && !view.over;
      const stars = starsOf(preview, letter);
      const before = starsOf(base, letter);
      const delta = stars !== null && before !== null ? stars - before : 0;
      const cells = preview && (preview.edicts || []).find((x) => x.letter === letter);
      return html`<li class=${`edict cat-${card ? card.category : 'general'} ${active ? 'active' : ''}`}
          tabindex="0"
          onPointerEnter=${() => onLight(cells ? cells.cells : null)} onPointerLeave=${() => onLight(null)}
          onFocus=${() => onLight(cells ? cells.cells : null)} onBlur=${() => onLight(null)}>
        <div class="edict-head"><span class="edict-letter">${t(`edict.letter.${letter}`)}</span>
          <span class="edict-name"><${CardRuleLink} catalog=${catalog} id=${id}/></span></div>
        <div class="edict-text">${t(`scoring.${id}.text`)}</div>
        ${active && stars !== null && html`<div class="edict-stars" aria-live="polite">
          ${html`<span class="star">★</span> ${t('edict.stars', { count: stars })}
              ${delta !== 0 && html`<span class=${delta > 0 ? 'delta up' : 'delta down'}>${delta > 0 ? '+' : ''}${delta}</span>`}`}
          ${owner && html`<div class="edict-owner muted">${t('numbers.edict_on', { name: owner })}</div>`}
        </div>`}
      </li>`;
    })}
  </ul>`;
}
