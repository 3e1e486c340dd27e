// Heroes of Dominaria's action notation ("collect keld", "move keld benalia", "recruit keld
// pay W W"; docs/dominaria.md): the one place the page reads and writes it. Every action
// comes from the view's legal list, picked by its verb and arguments; the page only adds the
// payment a player chose.

/** One action as { text, verb, args } (an empty text: no verb, no arguments). */
export function parseAction(text) {
  const [verb, ...args] = (text || '').split(' ');
  return { text, verb, args };
}

/** The legal actions as { text, verb, args }. */
export function parseActions(list) {
  return (list || []).map(parseAction);
}

const sameList = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The legal action (of ``parseActions``) with this verb and these arguments, or undefined. */
export const findAction = (actions, verb, args = []) =>
  actions.find((a) => a.verb === verb && sameList(a.args, args));

/** The legal ``keep`` of exactly these cards, in whichever order the engine spells them (the
 *  kept cards are a set), or undefined. */
export const findKeep = (actions, cards) =>
  actions.find((a) => a.verb === 'keep' && a.args.length === cards.length
    && cards.every((c) => a.args.includes(c)));

/** ``text`` (a legal ability) paid with ``tokens`` (colour letters) instead of the engine's
 *  own payment. */
export const withPayment = (text, tokens) => `${text} pay ${tokens.join(' ')}`;
