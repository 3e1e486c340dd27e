// Hot-seat: one browser holds several seats and hands the device from one to the next. Who
// gets it is decided here: at a new card every seat held here owes, and the card starts with
// the first of them at the table (not with whoever happened to play last); within a card the
// device goes to the first seat still owing.

/** The seat numbers of `held` ({seat}, in table order) that owe a decision in `state`. */
export function heldOwing(state, held) {
  return held.map((s) => s.seat).filter((seat) => state.pending.includes(seat));
}

/**
 * Where the device goes after `state`, seen by the `active` seat: {seat, newCard}, or null to
 * stay. `before` are the held seats that owed in the state seen before this one: seats that
 * start owing all at once (more than one) make a new card.
 */
export function handOver(state, held, active, before) {
  const owing = heldOwing(state, held);
  if (!owing.length) return null;
  if (!owing.includes(active)) return { seat: owing[0], newCard: false };
  const fresh = owing.length > 1 && owing.some((seat) => !before.includes(seat));
  return fresh && owing[0] !== active ? { seat: owing[0], newCard: true } : null;
}

/** `state` with the seats held here shown present: this page is open, so whoever holds them
 * is at this device. The server counts a seat present only once its connection is up (the
 * first state may come before it), and with hot-seat only one seat's connection at a time. */
export function withHeldPresent(state, held) {
  if (!state || held.length === 0) return state;
  const here = new Set(held.map((s) => s.seat));
  return { ...state, seats: state.seats.map((s) => (here.has(s.seat) ? { ...s, present: true } : s)) };
}
