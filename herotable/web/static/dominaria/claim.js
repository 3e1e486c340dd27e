// Public quests are claimed by an action of their own, and a seat that spends mana or ends
// its turn first may lose the tile: the table asks before "End turn" leaves a claimable quest
// and warns beside an action the engine says would cost the claim (the view's
// ``claims_at_risk``).
import { html } from '../html.js';
import { t } from '../i18n.js';
import { nameOf } from './catalog.js';

/** The public quests the seat's legal actions claim now, as those actions. */
export const claimsOpen = (parsed) => parsed.filter((a) => a.verb === 'claim');

/** The quests `action` (its text, without a payment) would make unclaimable. */
export const lostBy = (view, action) => (view.claims_at_risk || {})[action] || [];

/** Said beside an action that would cost a claim; nothing when it costs none. */
export function ClaimAtRisk({ catalog, view, action }) {
  const lost = action ? lostBy(view, action) : [];
  if (!lost.length) return null;
  return html`<p class="claim-risk" role="note">⚠ ${t('dom.claim_warning.spend', { quest: lost.map((q) => nameOf(catalog, q)).join(', ') })}</p>`;
}

/** "End turn" with a quest claimable: claim it (first), end anyway, or go back. */
export function ClaimAsk({ catalog, claims, onAction, onBack, endAction, busy }) {
  const quests = claims.map((a) => nameOf(catalog, a.args[0])).join(', ');
  return html`<div class="claim-ask" role="group" aria-label=${t('dom.claim_warning.title')}>
    <p>${t('dom.claim_warning.text', { quest: quests })}</p>
    <div class="row">
      ${claims.map((a) => html`<button type="button" class="primary" data-action=${a.text} disabled=${busy}
        onClick=${() => onAction(a.text)}>${claims.length > 1 ? t('dom.do.claim', { name: nameOf(catalog, a.args[0]) }) : t('dom.claim_warning.claim')}</button>`)}
      <button type="button" data-action=${endAction.text} disabled=${busy} onClick=${() => onAction(endAction.text)}>${t('dom.claim_warning.end_anyway')}</button>
      <button type="button" class="quiet" onClick=${onBack}>${t('dom.claim_warning.back')}</button>
    </div></div>`;
}
