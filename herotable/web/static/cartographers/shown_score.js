// "If the season ended now" for the map shown big: that map as it is (whoever's it is), and,
// while the seat places something on it (a shape, a hero, a monster on a neighbour's map, a
// destroyed cell), the map as that placement would leave it.
import { useEffect, useRef, useState } from 'preact/hooks';

const DEBOUNCE_MS = 160;

/**
 * preview(opts): the shell's preview request; enabled: this seat may ask; shown: the map
 * shown big; p: the placement (usePlacement). Returns {base, ahead, shown: the one to show,
 * hold(): no more asking about the placement, which is being sent (the engine would refuse a
 * preview of an action already played)}.
 */
export function useShownScore(preview, enabled, state, shown, p) {
  const [base, setBase] = useState(null);
  const [ahead, setAhead] = useState(null);
  const [sending, setSending] = useState(false);
  const timer = useRef(null);
  const cache = useRef(new Map());
  const seq = state.seq;

  // A new position (anyone's move) or another map shown: its numbers asked afresh; an answer
  // for a map or position no longer shown is dropped (answers may come back out of order).
  useEffect(() => {
    setBase(null); cache.current = new Map(); setSending(false);
    if (!enabled) return undefined;
    let stop = false;
    preview({ sheet: shown }).then((r) => { if (!stop) setBase(r); }, () => { if (!stop) setBase(null); });
    return () => { stop = true; };
  }, [state.id, seq, enabled, shown, preview]);

  const placing = p.active && shown === p.legal.sheet;
  const action = enabled && placing && !sending && p.action ? p.action : null;
  useEffect(() => {
    clearTimeout(timer.current);
    if (!action) { setAhead(null); return undefined; }
    if (cache.current.has(action)) { setAhead(cache.current.get(action)); return undefined; }
    let stop = false;
    timer.current = setTimeout(() => {
      preview({ action }).then((r) => {
        cache.current.set(action, r);
        if (!stop) setAhead(r);
      }, () => { if (!stop) setAhead(null); });
    }, DEBOUNCE_MS);
    return () => { stop = true; clearTimeout(timer.current); };
  }, [action]);

  const hold = () => { clearTimeout(timer.current); setSending(true); };
  const release = () => setSending(false);
  const aheadShown = action ? ahead : null;
  return { base, ahead: aheadShown, shown: aheadShown || base, hold, release };
}
