// Cells, shapes and the view's grouped legal moves. Cells and shape offsets are [row, col]
// (row down, column right), as the engine writes them.

export const SIZE = 11;
export const ROWS = 'ABCDEFGHIJK';

export const cellName = (row, col) => `${ROWS[row]}${col + 1}`;

export function parseCell(name) {
  const row = ROWS.indexOf(name[0].toUpperCase());
  return [row, Number(name.slice(1)) - 1];
}

/** A quarter turn clockwise on screen axes, as the engine turns shapes and attack patterns. */
export const rotate = ([r, c]) => [c, -r];
export const mirror = ([r, c]) => [r, -c];

/** Offsets moved so the smallest row and column are 0, sorted: one key per distinct pattern. */
export function normalize(cells) {
  const minRow = Math.min(...cells.map((c) => c[0]));
  const minCol = Math.min(...cells.map((c) => c[1]));
  return cells.map(([r, c]) => [r - minRow, c - minCol]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

export const patternKey = (cells) => normalize(cells).map(([r, c]) => `${r},${c}`).join(';');

/** The shape turned `turns` quarter turns clockwise after an optional mirror, normalized. */
export function orient(cells, turns, mirrored) {
  let out = cells.map((c) => (mirrored ? mirror(c) : c));
  for (let i = 0; i < ((turns % 4) + 4) % 4; i += 1) out = out.map(rotate);
  return normalize(out);
}

/** The view's legal JSON as a lookup: pattern key -> the set of corner cells allowed. */
export function indexLegal(legal) {
  const byPattern = new Map();
  if (!legal) return byPattern;
  for (const group of legal.shapes || []) {
    byPattern.set(patternKey(group.cells), new Set(group.at));
  }
  return byPattern;
}

/** The cell of a pattern a pointer holds: the one nearest the pattern's middle (of equals,
 * the leftmost, then the topmost). */
export function grip(pattern) {
  const h = Math.max(...pattern.map((c) => c[0]));
  const w = Math.max(...pattern.map((c) => c[1]));
  const byColumn = [...pattern].sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  let best = byColumn[0];
  let bestD = Infinity;
  for (const c of byColumn) {
    const d = (c[1] - w / 2) ** 2 + (c[0] - h / 2) ** 2;
    if (d < bestD - 1e-9) { best = c; bestD = d; }
  }
  return best;
}

/** Where a pattern lands when the pointer is on [row, col]: its cells and top-left corner,
 * kept on the map. */
export function land(pattern, [row, col]) {
  const [gr, gc] = grip(pattern);
  const h = Math.max(...pattern.map((c) => c[0]));
  const w = Math.max(...pattern.map((c) => c[1]));
  const top = Math.min(Math.max(row - gr, 0), SIZE - 1 - h);
  const left = Math.min(Math.max(col - gc, 0), SIZE - 1 - w);
  return { top, left, cells: pattern.map(([r, c]) => [top + r, left + c]) };
}

/** Attack cells of a hero at [row, col], its pattern turned `turns` quarter turns. */
export function attackCells(offsets, [row, col], turns) {
  const out = [];
  for (let [dr, dc] of offsets) {
    for (let i = 0; i < turns % 4; i += 1) [dr, dc] = rotate([dr, dc]);
    const r = row + dr;
    const c = col + dc;
    if (r >= 0 && r < SIZE && c >= 0 && c < SIZE) out.push([r, c]);
  }
  return out;
}
