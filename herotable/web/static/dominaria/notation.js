// Heroes of Dominaria's action notation ("collect keld", "move keld benalia", "recruit keld
// pay W W"; docs/dominaria.md): the one place the page reads and writes it. Every action
// comes from the view's legal list; the page only adds the payment a player chose.

/** The legal actions as { text, verb, args }. */
export function parseActions(list) {
  return (list || []).map((text) => {
    const [verb, ...args] = text.split(' ');
    return { text, verb, args };
  });
}

/** ``text`` (a legal ability) paid with ``tokens`` (colour letters) instead of the engine's
 *  own payment. */
export const withPayment = (text, tokens) => `${text} pay ${tokens.join(' ')}`;
