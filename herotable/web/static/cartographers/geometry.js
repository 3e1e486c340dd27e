// Cells, shapes and the view's grouped legal moves. Cells are [row, col]; shape offsets are
// [x, y] (x right, y down) as the engine writes them.

export const SIZE = 11;
export const ROWS = 'ABCDEFGHIJK';

export const cellName = (row, col) => `${ROWS[row]}${col + 1}`;

export function parseCell(name) {
  const row = ROWS.indexOf(name[0].toUpperCase());
  return [row, Number(name.slice(1)) - 1];
}

/** A quarter turn clockwise on screen axes, as the engine turns shapes and attack patterns. */
export const rotate = ([x, y]) => [-y, x];
export const mirror = ([x, y]) => [-x, y];

/** Offsets moved so the smallest x and y are 0, sorted: one key per distinct pattern. */
export function normalize(cells) {
  const minX = Math.min(...cells.map((c) => c[0]));
  const minY = Math.min(...cells.map((c) => c[1]));
  return cells.map(([x, y]) => [x - minX, y - minY]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

export const patternKey = (cells) => normalize(cells).map(([x, y]) => `${x},${y}`).join(';');

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

/** The cell of a pattern a pointer holds: the one nearest the pattern's middle. */
export function grip(pattern) {
  const w = Math.max(...pattern.map((c) => c[0]));
  const h = Math.max(...pattern.map((c) => c[1]));
  let best = pattern[0];
  let bestD = Infinity;
  for (const c of pattern) {
    const d = (c[0] - w / 2) ** 2 + (c[1] - h / 2) ** 2;
    if (d < bestD - 1e-9) { best = c; bestD = d; }
  }
  return best;
}

/** Where a pattern lands when the pointer is on [row, col]: its cells and top-left corner,
 * kept on the map. */
export function land(pattern, [row, col]) {
  const [gx, gy] = grip(pattern);
  const w = Math.max(...pattern.map((c) => c[0]));
  const h = Math.max(...pattern.map((c) => c[1]));
  const top = Math.min(Math.max(row - gy, 0), SIZE - 1 - h);
  const left = Math.min(Math.max(col - gx, 0), SIZE - 1 - w);
  return { top, left, cells: pattern.map(([x, y]) => [top + y, left + x]) };
}

export const cellsText = (cells) =>
  [...cells].sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([r, c]) => cellName(r, c)).join(' ');

/** Attack cells of a hero at [row, col], its pattern turned `turns` quarter turns. */
export function attackCells(offsets, [row, col], turns) {
  const out = [];
  for (let [dx, dy] of offsets) {
    for (let i = 0; i < turns % 4; i += 1) [dx, dy] = rotate([dx, dy]);
    const r = row + dy;
    const c = col + dx;
    if (r >= 0 && r < SIZE && c >= 0 && c < SIZE) out.push([r, c]);
  }
  return out;
}
