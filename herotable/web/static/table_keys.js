// Whether a key pressed on a table is the game's: not with Ctrl, Alt or Meta held (the
// browser's shortcuts), and not typed into a field. A checkbox takes no letters (the game
// bar's toggles), so with one focused the game's keys still play.
export function keyForTheTable(e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return false;
  const el = e.target;
  const tag = el && el.tagName;
  if (tag === 'INPUT') return el.type === 'checkbox';
  return tag !== 'SELECT' && tag !== 'TEXTAREA';
}
