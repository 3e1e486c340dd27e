// The engine's action notation ("draw forest A1 A2", "monster C3 C4", "hero E5 r90",
// "destroy B2"; docs/cartographers.md): the one place the page writes and reads it.
import { cellName, parseCell } from './geometry.js';

const CELL = /^[A-K]\d{1,2}$/;
const TURN = /^r\d+$/;
const DRAWN = { monster: 'monster', hero: 'hero', destroy: 'destroyed' };

/** Cells [row, col] as the notation lists them: in reading order. */
const cellsText = (cells) =>
  [...cells].sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([r, c]) => cellName(r, c)).join(' ');

export const drawAction = (terrain, cells) => `draw ${terrain} ${cellsText(cells)}`;
export const monsterAction = (cells) => `monster ${cellsText(cells)}`;
export const heroAction = ([row, col], degrees) => `hero ${cellName(row, col)} r${degrees}`;
export const destroyAction = ([row, col]) => `destroy ${cellName(row, col)}`;

/** An action read back: its verb, the terrain it leaves (null for an unknown verb), its
 * cells [row, col] and a hero's turn in degrees. */
export function parseAction(text) {
  const [verb, ...rest] = (text || '').split(' ');
  const turn = rest.find((w) => TURN.test(w));
  return {
    verb,
    terrain: verb === 'draw' ? rest[0] : (DRAWN[verb] || null),
    cells: rest.filter((w) => CELL.test(w)).map(parseCell),
    degrees: turn ? Number(turn.slice(1)) : 0,
  };
}
