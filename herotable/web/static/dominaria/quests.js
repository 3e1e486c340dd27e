// Quests: the seat's own hand (never anyone else's), the quests it started with their
// progress, the cards it is choosing from, and the five public quests with their two tiles.
import { html } from '../html.js';
import { t } from '../i18n.js';
import { nameOf } from './catalog.js';
import { findAction } from './notation.js';
import { SeatGlyph } from './symbols.js';
import { abilityText, effectsText, requirementText } from './words.js';
import { RulesLink, questEntry } from './reference.js';

function Conditions({ catalog, reqs, progress }) {
  return html`<ul class="conds">${reqs.map((req, i) => {
    const p = progress && progress[i];
    const done = p && p.value >= p.at_least;
    return html`<li class=${done ? 'met' : ''}>
      <span class="tick">${p ? (done ? '✓' : '○') : '•'}</span> ${requirementText(catalog, req)}
      ${p && html`<span class="prog">${Math.max(0, Math.min(p.value, p.at_least))}/${p.at_least}</span>`}</li>`;
  })}</ul>`;
}

/** A quest card: name, VP, conditions (with the seat's progress where known), reward, and
 * the button its legal action gives. */
export function QuestCard({ catalog, id, progress, started, actions, onAction, busy, selected, onSelect }) {
  const q = catalog.quest(id);
  if (!q) return null;
  const showStart = q.needs_start && !started;
  // A card to pick is a button itself: its name cannot hold another one.
  const name = onSelect ? nameOf(catalog, id)
    : html`<${RulesLink} entry=${questEntry(q)} className="name-link" name=${nameOf(catalog, id)}>${nameOf(catalog, id)}</${RulesLink}>`;
  const body = html`
    <div class="qc-head"><b class="qc-name">${name}</b><span class="qc-vp">${t('dom.vp', { count: q.vp })}</span></div>
    ${showStart && html`<div class="qc-label">${t('dom.quest.start_when')}</div>`}
    ${showStart && html`<${Conditions} catalog=${catalog} reqs=${q.start} progress=${progress}/>`}
    ${showStart && html`<div class="qc-label">${t('dom.quest.then')}</div>`}
    <${Conditions} catalog=${catalog} reqs=${q.requires} progress=${showStart ? null : progress}/>
    ${q.reward.length > 0 && html`<div class="qc-reward">${t('dom.quest.reward', { reward: effectsText(q.reward) })}</div>`}`;
  if (onSelect) {
    return html`<button type="button" class=${`quest-card pick ${selected ? 'on' : ''}`} data-card=${id}
      aria-pressed=${Boolean(selected)} onClick=${() => onSelect(id)}>${body}</button>`;
  }
  return html`<div class=${`quest-card ${started ? 'started' : ''}`} data-card=${id}>${body}
    ${(actions || []).map(([text, label]) => html`<button type="button" class="primary small-btn" disabled=${busy}
      data-action=${text} onClick=${() => onAction(text)}>${label}</button>`)}</div>`;
}

export function ArtifactCard({ catalog, id, selected, onSelect }) {
  const a = catalog.artifact(id);
  if (!a) return null;
  return html`<button type="button" class=${`quest-card artifact pick ${selected ? 'on' : ''}`} data-card=${id}
    aria-pressed=${Boolean(selected)} onClick=${() => onSelect(id)}>
    <div class="qc-head"><b class="qc-name">◆ ${nameOf(catalog, id)}</b><span class="qc-vp">${t('dom.vp', { count: a.vp })}</span></div>
    <div class="qc-text">${abilityText(a.ability)}</div></button>`;
}

export function Hand({ catalog, view, me, actions, onAction, busy }) {
  const board = view.players[me];
  const hand = board.hand || [];
  const started = Object.keys(board.started || {});
  const progress = view.progress || {};
  const buttons = (id) => [['start', 'dom.do.start_short'], ['complete', 'dom.do.complete_short']]
    .map(([verb, label]) => [findAction(actions, verb, [id]), t(label)])
    .filter(([action]) => action)
    .map(([action, label]) => [action.text, label]);
  return html`<section class="quests" data-tour="quests" aria-label=${t('dom.quest.yours')}>
    <h3>${t('dom.quest.hand', { count: hand.length })}</h3>
    <div class="quest-row">
      ${hand.length === 0 && html`<p class="muted small">${t('dom.quest.none')}</p>`}
      ${hand.map((id) => html`<${QuestCard} catalog=${catalog} id=${id} progress=${progress[id]}
          actions=${buttons(id)} onAction=${onAction} busy=${busy}/>`)}
    </div>
    ${started.length > 0 && html`<h3>${t('dom.quest.in_play')}</h3>
      <div class="quest-row">${started.map((id) => html`<${QuestCard} catalog=${catalog} id=${id} started=${true}
          progress=${progress[id]} actions=${buttons(id)} onAction=${onAction} busy=${busy}/>`)}</div>`}
  </section>`;
}

/** The others' started quests are public: listed by name. */
export function OthersInPlay({ catalog, view, me, names }) {
  const rows = view.players.map((p, seat) => [seat, Object.keys(p.started || {})])
    .filter(([seat, ids]) => seat !== me && ids.length);
  if (!rows.length) return null;
  return html`<div class="others-play small">${rows.map(([seat, ids]) => html`<div>
    <${SeatGlyph} seat=${seat} size=${12}/> ${t('dom.quest.started_by', { name: names[seat] })}
    ${ids.map((id) => html`<span class="mini-quest" title=${catalog.quest(id).requires.map((r) => requirementText(catalog, r)).join('; ')}>
      <${RulesLink} entry=${questEntry(catalog.quest(id))} className="name-link" name=${nameOf(catalog, id)}>${nameOf(catalog, id)}</${RulesLink}></span>`)}</div>`)}</div>`;
}

/** The public quests with their tiles; a tile is taken by itself (no action claims it). */
export function PublicQuests({ catalog, view, names }) {
  const progress = view.progress || {};
  return html`<section class="public-quests" aria-label=${t('dom.public.title')}>
    <h3>${t('dom.public.title')}</h3>
    <p class="muted small">${t('dom.public.auto')}</p>
    <ul>${Object.values(catalog.raw.public_quests).map((q) => {
      const claims = view.claims[q.id] || [];
      const p = progress[q.id];
      return html`<li class="pq" data-public=${q.id}>
        <div class="pq-main"><b><${RulesLink} entry="public" className="name-link" name=${nameOf(catalog, q.id)}>${nameOf(catalog, q.id)}</${RulesLink}></b>
          <span class="pq-text">${q.requires.map((r, i) => html`<span class=${p && p[i].value >= p[i].at_least ? 'met' : ''}>${requirementText(catalog, r)}${p ? ` (${Math.min(p[i].value, p[i].at_least)}/${p[i].at_least})` : ''}</span>`)}</span></div>
        <div class="tiles">${q.tiles.map((vp, i) => html`<span class=${`tile ${claims[i] !== undefined ? 'taken' : ''}`}
            title=${claims[i] !== undefined ? t('dom.public.taken_by', { name: names[claims[i]] }) : t('dom.public.free')}>
            ${vp}${claims[i] !== undefined ? html`<${SeatGlyph} seat=${claims[i]} size=${12}/>` : null}</span>`)}</div>
      </li>`;
    })}</ul></section>`;
}
