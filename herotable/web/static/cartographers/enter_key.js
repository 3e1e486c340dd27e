// What Enter does on the Cartographers table while a placement is being chosen. It confirms
// the placement, except on a button or link the player reached with the keyboard to press it
// (Tab to "Rules", Enter opens the rules). So a player who clicked any control with the mouse,
// then presses Enter, confirms; the placement's own controls (shape, terrain, turn, mirror,
// Confirm) always leave Enter to confirm, and Space presses them as it presses any button.
import { focusedByPointer } from '../focus_origin.js';

// The rows of the controls that hold the placement's own buttons (card.js).
const PLACEMENT_ROWS = ['shapes', 'terrains', 'turn'];

/** Should the key of keydown event `e` go to the focused button or link rather than the
 * table? */
export function keyForControl(e) {
  const el = e.target;
  if (!el || !(el.tagName === 'BUTTON' || (el.tagName === 'A' && el.hasAttribute('href')))) return false;
  if (e.key === ' ') return true;
  if (e.key !== 'Enter') return false;
  const row = el.closest('.row');
  const placement = row && PLACEMENT_ROWS.some((name) => row.classList.contains(name));
  return !placement && !focusedByPointer(el);
}
