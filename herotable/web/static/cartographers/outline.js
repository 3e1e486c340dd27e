// The border drawn around a group of map cells (a hint's move, an analysed step's moves, a
// monster): the sides of each cell that no other cell of the group shares, as an SVG path.

/** The path of the border of `cells` ([row, col]) on a map drawn from `m` in `size` units a cell. */
export function outlinePath(cells, m, size) {
  const taken = new Set(cells.map(([r, c]) => `${r},${c}`));
  const d = [];
  for (const [r, c] of cells) {
    const x = m + c * size;
    const y = m + r * size;
    if (!taken.has(`${r - 1},${c}`)) d.push(`M${x} ${y}h${size}`);
    if (!taken.has(`${r + 1},${c}`)) d.push(`M${x} ${y + size}h${size}`);
    if (!taken.has(`${r},${c - 1}`)) d.push(`M${x} ${y}v${size}`);
    if (!taken.has(`${r},${c + 1}`)) d.push(`M${x + size} ${y}v${size}`);
  }
  return d.join('');
}
