// The seat's controls, all built from the view's legal actions: the five planeswalker
// abilities with their cost, what can be done at a chosen location, the payment the engine
// will take (changeable before confirming), "look at two, keep one", the final standings.
import { html } from '../html.js';
import { t } from '../i18n.js';
import { useEffect, useRef, useState } from 'preact/hooks';
import { nameOf } from './catalog.js';
import { findKeep, parseAction } from './notation.js';
import { Mana, SeatGlyph, colourName } from './symbols.js';
import { AbilityRules, CostLink, WhyNotHere, reasonText } from './reference.js';
import { ArtifactCard, QuestCard } from './quests.js';
import { actionText, scoreParts } from './words.js';

export const ABILITIES = ['recruit', 'discover', 'confront', 'manalith', 'leyline'];
export const PAYABLE = new Set(ABILITIES);

export function AbilityBar({ view, parsed, mode, onMode, busy }) {
  const costs = view.ability_costs || {};
  return html`<div class="abilities" role="group" aria-label=${t('dom.ability.title')}>
    ${ABILITIES.map((verb) => {
      const cost = costs[verb] || {};
      const open = parsed.some((a) => a.verb === verb);
      const why = ((view.unavailable || {}).kinds || {})[verb];
      const name = t(`dom.ability.${verb}`);
      return html`<span class="ability-item"><button type="button" class=${`ability ${mode === verb ? 'on' : ''}`} data-ability=${verb}
          disabled=${!open || busy} aria-pressed=${mode === verb}
          title=${open ? t(`dom.ability.help.${verb}`) : (why ? `${name}${t('punct.colon')} ${reasonText(why)}` : t('dom.ability.unavailable', { name }))}
          onClick=${() => onMode(mode === verb ? null : verb)}>
        <span>${name}</span></button><${CostLink} colour=${cost.colour} generic=${cost.generic}/><${AbilityRules} verb=${verb}/></span>`;
    })}</div>`;
}

/** The pending ability: what it does, its cost and the tokens that will pay it. */
export function PaymentPanel({ catalog, view, me, pending, pay, setPay, onConfirm, onCancel, busy }) {
  const cost = (view.ability_costs || {})[pending.verb] || { pay: [] };
  const board = view.players[me];
  const held = (c) => (board.pool[c] || 0) + (board.manalith_tokens.includes(c) ? 1 : 0);
  const colours = catalog.raw.colours.filter((c) => held(c) > 0);
  const changed = pay.join(' ') !== cost.pay.join(' ');
  return html`<div class="payment" role="group" aria-label=${t('dom.pay.title')}>
    <div class="pay-head"><b>${actionText(catalog, pending.verb, pending.args)}</b>
      <${CostLink} colour=${cost.colour} generic=${cost.generic}/></div>
    <div class="pay-row"><span class="muted">${t('dom.pay.with')}</span>
      ${pay.map((c, i) => html`<label class="pay-slot">
        <${Mana} colour=${c}/>
        <select aria-label=${t('dom.pay.slot', { n: i + 1 })} value=${c}
          onChange=${(e) => setPay(pay.map((x, k) => (k === i ? e.target.value : x)))}>
          ${colours.map((o) => html`<option value=${o}>${colourName(o)}</option>`)}</select></label>`)}
    </div>
    <p class="muted small">${changed ? t('dom.pay.changed') : t('dom.pay.engine')}</p>
    <div class="row">
      <button type="button" class="confirm" disabled=${busy} onClick=${onConfirm}>${t('dom.pay.confirm')}</button>
      ${changed && html`<button type="button" onClick=${() => setPay(cost.pay)}>${t('dom.pay.reset')}</button>`}
      <button type="button" class="quiet" onClick=${onCancel}>${t('dom.pay.cancel')}</button>
    </div></div>`;
}

/** Look at two, keep one (or, at set-up, keep two of four): the decision says how many. The
 * cards are picked (the latest ``count``) and the keep confirmed, so a stray click sends
 * nothing. ``taken``: a keep the hint suggested, picked with its confirmation focused. */
export function ChoicePanel({ catalog, decision, actions, onAction, busy, taken }) {
  const [picked, setPicked] = useState([]);
  const confirm = useRef(null);
  const hinted = taken && parseAction(taken).verb === 'keep' ? taken : null;
  useEffect(() => { if (hinted) setPicked(parseAction(hinted).args); }, [hinted]);
  const artifact = decision.choice === 'artifact';
  const toggle = (id) => {
    setPicked((old) => (old.includes(id) ? old.filter((x) => x !== id) : [...old, id].slice(-decision.count)));
  };
  const action = findKeep(actions, picked);
  useEffect(() => { if (hinted && action && action.text === hinted) confirm.current.focus(); }, [hinted, action && action.text]);
  return html`<div class="choice" data-tour="choice" role="group" aria-label=${t(`dom.choice.${decision.choice}`)}>
    <div class="decision-text">${t(`dom.choice.${decision.choice}`)}</div>
    <div class="choice-cards">${decision.cards.map((id) => (artifact
      ? html`<${ArtifactCard} catalog=${catalog} id=${id} selected=${picked.includes(id)} onSelect=${toggle}/>`
      : html`<${QuestCard} catalog=${catalog} id=${id} selected=${picked.includes(id)} onSelect=${toggle}/>`))}</div>
    <button type="button" class="confirm" ref=${confirm} disabled=${busy || !action}
      onClick=${() => onAction(action.text)}>${t(decision.count > 1 ? 'dom.choice.keep_two' : 'dom.choice.keep_one')}</button>
  </div>`;
}

/** What the seat can do at the chosen location (from its legal actions); a move from here the
 * hint suggested and the person took (``taken``) gets its own button. */
export function LocationPanel({ catalog, view, location, parsed, onChoose, busy, taken }) {
  const loc = catalog.location(location);
  const here = parsed.filter((a) => (a.verb === 'leyline' ? a.args.includes(location)
    : ['collect', 'recruit', 'discover', 'confront', 'manalith'].includes(a.verb) && a.args[0] === location));
  const moves = parsed.filter((a) => a.verb === 'move' && a.args[0] === location);
  const hintedMove = moves.find((a) => a.text === taken);
  const mana = view.map_mana[location] || 0;
  const costs = view.ability_costs || {};
  return html`<div class="at-location" data-at=${location}>
    <div class="pay-head"><b>${nameOf(catalog, location)}</b>
      <${Mana} colour=${loc.colour} count=${mana}/>
      ${loc.start && html`<span class="muted small">★ ${t('dom.map.start')}</span>`}</div>
    ${moves.length > 0 && html`<p class="hint-line">${t('dom.hint.move_from', { count: moves.length })}</p>`}
    ${hintedMove && html`<div class="row"><button type="button" class="primary hinted" data-action=${hintedMove.text} disabled=${busy}
      onClick=${() => onChoose(hintedMove)}>${actionText(catalog, 'move', hintedMove.args)}</button></div>`}
    <div class="row">${here.map((a) => html`<span class="action-item"><button type="button" class=${`${a.verb === 'collect' ? 'primary' : ''} ${a.text === taken ? 'hinted' : ''}`}
        data-action=${a.text} disabled=${busy} onClick=${() => onChoose(a)}>
      ${a.verb === 'collect' ? t('dom.do.collect_n', { count: mana, colour: colourName(loc.colour) }) : actionText(catalog, a.verb, a.args)}</button>
      ${PAYABLE.has(a.verb) && costs[a.verb] && html`<${CostLink} colour=${costs[a.verb].colour} generic=${costs[a.verb].generic}/>`}</span>`)}</div>
    ${here.length === 0 && moves.length === 0 && html`<p class="muted small">${t('dom.hint.nothing_here')}</p>`}
    <${WhyNotHere} catalog=${catalog} view=${view} location=${location}/>
  </div>`;
}

export function Standings({ view, names }) {
  const winners = new Set(view.winners);
  const seats = view.players.map((p, seat) => seat);
  const keys = scoreParts(view.players).concat('total');
  return html`<div class="standings">
    <h2>${t('standings.title')}</h2>
    <table class="scores"><thead><tr><th></th>${seats.map((seat) => html`<th class=${winners.has(seat) ? 'winner' : ''}>
        <${SeatGlyph} seat=${seat} size=${13}/> ${names[seat]}${winners.has(seat) ? ' ★' : ''}</th>`)}</tr></thead>
      <tbody>${keys.map((k) => html`<tr class=${k === 'total' ? 'total' : ''}><th>${t(`dom.score.${k}`)}</th>
        ${seats.map((seat) => html`<td class=${winners.has(seat) ? 'winner' : ''}>${view.players[seat].score[k]}</td>`)}</tr>`)}</tbody></table></div>`;
}
