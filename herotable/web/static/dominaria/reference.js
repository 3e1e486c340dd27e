// Links from the Heroes of Dominaria table into its rules reference (herotable/rulebook/
// dominaria.py): costs, track symbols, abilities, quests and artifacts open their entry; a
// legend names every symbol the boards and the map draw; and the engine's reasons why an
// action is not offered (the view's `unavailable`) said in words.
import { html } from '../html.js';
import { t, refusalText } from '../i18n.js';
import { openRules } from '../rules_link.js';
import { Cost, Mana } from './symbols.js';

/** A button opening the entry `entry`; `name` says what it explains: "Rules: <name>" is
 * its accessible name, or, where the button shows words of its own (`worded`), its tooltip
 * and description, the words it shows being its name (a name holds what the button shows,
 * for those who speak to their browser). A click never reaches the element around it (a
 * location, a card). */
export function RulesLink({ entry, name, worded = false, className = '', children }) {
  const label = t('rulebook.dominaria.ui.open', { name });
  return html`<button type="button" class=${`rules-link ${className}`} data-rules=${entry}
      aria-label=${worded ? undefined : label} title=${label}
      onClick=${(e) => { e.stopPropagation(); openRules('dominaria', entry); }}>${children}</button>`;
}

/** A cost (4 W) that opens the entry saying how costs read. */
export function CostLink({ colour, generic }) {
  const cost = generic ? `${generic} ${colour}` : colour;
  return html`<${RulesLink} entry="cost" className="cost-link" name=${t('rulebook.dominaria.ui.cost', { cost })}>
    <${Cost} colour=${colour} generic=${generic}/></${RulesLink}>`;
}

/** The small "?" after an ability's name, opening its entry. */
export const AbilityRules = ({ verb }) => html`<${RulesLink} entry=${`ability.${verb}`}
  className="rules-mark" name=${t(`dom.ability.${verb}`)}>?</${RulesLink}>`;

/** The entry a quest card opens: the one about what its first condition counts (as
 * herotable/rulebook/dominaria.py's quest_entry). */
export const questEntry = (quest) => (quest && quest.requires.length ? `quest.${quest.requires[0].metric}` : 'quest.started');
export const artifactEntry = (artifact) => `artifact.${artifact ? artifact.ability.kind : 'none'}`;

/** Every symbol the boards and the map draw, each with its words, each opening its entry
 * (the symbol is hidden from assistive technology: the words say it). */
export function Legend() {
  const items = [
    ['symbol.move', html`<i class="sym move">»</i>`, t('dom.track.gives_move')],
    ['symbol.quest', html`<i class="sym quest">?</i>`, t('dom.track.gives_quest')],
    ['symbol.green', html`<i class="sym green">+2</i>`, t('dom.track.gives_green', { count: 2 })],
    ['symbol.vp', html`<b class="sym vp">5</b>`, t('rulebook.dominaria.ui.legend_vp')],
    ['symbol.mana', html`<${Mana} colour="G"/>`, t('rulebook.dominaria.ui.legend_mana')],
    ['symbol.manalith_token', html`<${Mana} colour="R" token=${true}/>`, t('rulebook.dominaria.ui.legend_token')],
    ['cost', html`<${Cost} colour="W" generic=${4}/>`, t('rulebook.dominaria.ui.legend_cost')],
    ['symbol.start', html`<i class="sym start">★</i>`, t('dom.map.start')],
    ['symbol.cabal_token', html`<i class="sym cabal-mark" aria-hidden="true"></i>`, t('rulebook.dominaria.ui.legend_cabal')],
    ['symbol.artifact_token', html`<i class="sym artifact-mark" aria-hidden="true"></i>`, t('rulebook.dominaria.ui.legend_artifact')],
  ];
  return html`<div class="dom-legend" role="group" aria-label=${t('rulebook.dominaria.ui.legend')}>
    <span class="muted small">${t('rulebook.dominaria.ui.legend')}</span>
    ${items.map(([entry, symbol, words]) => html`<${RulesLink} entry=${entry} name=${words} worded className="legend-item">
      <span aria-hidden="true">${symbol}</span><span>${words}</span></${RulesLink}>`)}
  </div>`;
}

// The kinds of action a location offers, in the order the panel lists them.
export const AT_LOCATION = ['move', 'collect', 'discover', 'confront', 'manalith', 'leyline'];

/** What a kind of action is called: an ability by its name, moving and collecting in words. */
export const kindName = (kind) => (['move', 'collect'].includes(kind)
  ? t(`rulebook.dominaria.ui.kind.${kind}`) : t(`dom.ability.${kind}`));

/** The engine's reason (a refusal's code and params, or its bare code when it has no
 * params) in words; `names` fills the location a reason at a location leaves out (it is the
 * key it is listed under). */
export const reasonText = (reason, names) => {
  const { code, params = {} } = typeof reason === 'string' ? { code: reason } : reason;
  return refusalText({ code, params: names ? { location: names, ...params } : params });
};

/** Why `kind` is not offered at `location` (null: it is): the location's own reason, else the
 * one most locations share (`at_default`; a location where it is offered holds null), else
 * the kind's reason everywhere. */
function reasonAt(why, location, kind) {
  const here = (why.at || {})[location] || {};
  const own = kind in here ? here[kind] : (why.at_default || {})[kind];
  return own || (why.kinds || {})[kind] || null;
}

/** Why each kind of action is not offered at `location` (from the view's `unavailable`). */
export function WhyNotHere({ catalog, view, location }) {
  const why = view.unavailable || {};
  const names = catalog.location(location).names;
  const rows = AT_LOCATION.map((kind) => [kind, reasonAt(why, location, kind)]).filter(([, r]) => r);
  if (!rows.length) return null;
  return html`<div class="why-not" data-why-at=${location}>
    <span class="muted small">${t('rulebook.dominaria.ui.why_here')}</span>
    <ul>${rows.map(([kind, reason]) => html`<li data-why=${kind}><b>${kindName(kind)}</b>${t('punct.colon')} ${reasonText(reason, names)}</li>`)}</ul>
  </div>`;
}

/** Why each kind of action is offered nowhere this turn, as a list a player opens. */
export function WhyNotNow({ view }) {
  const kinds = (view.unavailable || {}).kinds || {};
  const rows = ['move', 'collect', 'recruit', 'discover', 'confront', 'manalith', 'leyline']
    .filter((kind) => kinds[kind]);
  if (!rows.length) return null;
  return html`<details class="why-not why-now">
    <summary>${t('rulebook.dominaria.ui.why_now', { count: rows.length })}</summary>
    <ul>${rows.map((kind) => html`<li data-why=${kind}><b>${kindName(kind)}</b>${t('punct.colon')} ${reasonText(kinds[kind])}</li>`)}</ul>
  </details>`;
}
