// The table's words for the catalog's rules data (quest conditions, rewards, artifact
// abilities), the revealed card and the game's events: all through the message catalogue, so
// every language words the same data.
import { t } from '../i18n.js';
import { nameOf } from './catalog.js';
import { colourName } from './symbols.js';

const COLOURED = new Set(['mana', 'manaliths', 'locations', 'visited']);
// Conditions worded by their location alone ("a Hero has been to Keld"): no count to say.
const PLACE_ONLY = new Set(['visited']);

/** One condition of a quest: "2 Heroes on white locations". */
export function requirementText(catalog, req) {
  const params = { count: req.at_least };
  let key = `dom.req.${req.metric}`;
  if (req.colour && COLOURED.has(req.metric)) {
    key = `dom.req_colour.${req.metric}`;
    params.colour = colourName(req.colour);
  }
  if (req.location) {
    params.location = nameOf(catalog, req.location);
    if (PLACE_ONLY.has(req.metric)) key = `dom.req_place.${req.metric}`;
  }
  const text = t(key, params);
  return req.since_start ? t('dom.req.since_start', { text }) : text;
}

/** What a reward or an artifact gives: "2 green mana", "a new quest". */
export function effectText(effect) {
  const params = { count: effect.amount };
  if (effect.colour) params.colour = colourName(effect.colour);
  return t(`dom.effect.${effect.effect}`, params);
}

export const effectsText = (effects) => (effects || []).map(effectText).join(', ');

/** An artifact's ability in words. */
export function abilityText(ability) {
  const params = { count: ability.amount, effects: effectsText(ability.effects) };
  if (ability.target) params.ability = t(`dom.ability.${ability.target}`);
  return t(`dom.artifact_ability.${ability.kind}`, params);
}

/** The revealed Dominaria card in words. */
export function cardText(catalog, id) {
  const card = catalog.card(id);
  if (!card) return '';
  const parts = [t('dom.card.mana', { colours: card.mana.map(colourName).join(', ') })];
  if (card.token) parts.push(t(`dom.card.token.${card.token}`, { location: nameOf(catalog, card.location) }));
  return parts.join(' ');
}

const SCORE_PARTS = ['heroes', 'manaliths', 'leylines', 'cabal', 'artifacts', 'accomplished', 'public', 'turn_order'];

/** The parts of a score worth showing: every source, and turn order's VP only where the
 * pack gives some (the rulebook's game has none, and an always-empty row would puzzle). */
export function scoreParts(players) {
  return SCORE_PARTS.filter((k) => k !== 'turn_order' || players.some((p) => p.score[k] > 0));
}

/** One event of the game's log in words; `names` are the seats' names. */
export function eventText(catalog, names, e) {
  const who = names[e.player] ?? '';
  const place = (id) => nameOf(catalog, id);
  switch (e.type) {
    case 'dominaria': return t('dom.event.dominaria', { name: who, round: e.round, card: cardText(catalog, e.card) });
    case 'shortage': return t('dom.shortage.event', { count: e.missed, colour: colourName(e.colour) });
    case 'hero': return t('dom.event.hero', { name: who, location: place(e.location) });
    case 'move': return t('dom.event.move', { name: who, from: place(e.origin), to: place(e.target) });
    case 'collect': return t('dom.event.collect', { name: who, count: e.amount, colour: colourName(e.colour), location: place(e.location) });
    case 'recruit': return t('dom.event.recruit', { name: who, location: place(e.location) });
    case 'discover': return t('dom.event.discover', { name: who, location: place(e.location) });
    case 'confront': return t('dom.event.confront', { name: who, location: place(e.location) });
    case 'manalith': return t('dom.event.manalith', { name: who, location: place(e.location) });
    case 'leyline': return t('dom.event.leyline', { name: who, from: place(e.link[0]), to: place(e.link[1]) });
    case 'mana': return t('dom.event.mana', { name: who, count: e.amount, colour: colourName(e.colour) });
    case 'quest': return t('dom.event.quest', { name: who, count: e.count });
    case 'artifact': return t('dom.event.artifact', { name: who, artifact: place(e.artifact) });
    case 'use': return t('dom.event.use', { name: who, artifact: place(e.artifact) });
    case 'start': return t('dom.event.start', { name: who, quest: place(e.quest) });
    case 'complete': return t('dom.event.complete', { name: who, quest: place(e.quest), count: e.vp });
    case 'claim': return t('dom.event.claim', { name: who, quest: place(e.quest), count: e.vp });
    case 'head_start': return t('dom.event.head_start', { name: who, count: e.vp, place: e.place });
    case 'game_over': return t('dom.event.game_over', { names: (e.winners || []).map((w) => names[w]).join(', ') });
    default: return e.type;
  }
}

/** A legal action in words, for buttons and the payment panel. */
export function actionText(catalog, verb, args) {
  const place = (id) => nameOf(catalog, id);
  switch (verb) {
    case 'leyline': return t('dom.do.leyline', { from: place(args[0]), to: place(args[1]) });
    case 'move': return t('dom.do.move', { from: place(args[0]), to: place(args[1]) });
    case 'use': case 'start': case 'complete':
      return t(`dom.do.${verb}`, { name: place(args[0]) });
    case 'end': return t('dom.do.end');
    default: return t(`dom.do.${verb}`, { location: args[0] ? place(args[0]) : '' });
  }
}
