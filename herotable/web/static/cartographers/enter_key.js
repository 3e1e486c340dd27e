// What Enter does on the Cartographers table while a placement is being chosen. It confirms
// the placement, except on a button or link the player reached with the keyboard to press it
// (Tab to "Rules", Enter opens the rules). So a player who clicked any control with the mouse,
// then presses Enter, confirms; the placement's own controls (shape, terrain, turn, mirror,
// Confirm) always leave Enter to confirm, and Space presses them as it presses any button.
import { focusedByPointer } from '../focus_origin.js';

const PLACEMENT_CONTROLS = '.row.shapes, .row.terrains, .row.turn';

/** Should the key of keydown event `e` go to the focused button or link rather than the
 * table? */
export function keyForControl(e) {
  const el = e.target;
  if (!el || !el.matches || !el.matches('button, a[href]')) return false;
  if (e.key === ' ') return true;
  if (e.key !== 'Enter') return false;
  return !el.closest(PLACEMENT_CONTROLS) && !focusedByPointer(el);
}
