// The engine's card catalog (/api/catalog/cartographers), indexed for the table. The walk is
// by what an entry holds rather than where it sits. The catalog writes cells as [row, col];
// the table works in [x, y] offsets, as the view's legal moves do.

const toXY = (cells) => (cells || []).map(([row, col]) => [col, row]);

function kindOf(entry) {
  if ('threshold' in entry || ('min' in entry && 'names' in entry && !('id' in entry))) return 'title';
  if (!('id' in entry)) return null;
  if ('edicts' in entry && 'time' in entry) return 'season';
  if ('category' in entry) return 'scoring';
  if ('attack' in entry) return 'hero';
  if ('terrains' in entry && 'shapes' in entry) return 'explore';
  if ('effect' in entry || 'direction' in entry || entry.kind === 'ambush') return 'ambush';
  if (entry.kind === 'ruins' || /ruins/.test(entry.id)) return 'ruins';
  if (entry.kind) return entry.kind;
  return null;
}

export function indexCatalog(raw) {
  const cards = new Map();
  const seasons = new Map(); // path -> [season]
  const titles = [];
  const maps = new Map();
  const walk = (node, path) => {
    if (Array.isArray(node)) { node.forEach((item) => walk(item, path)); return; }
    if (!node || typeof node !== 'object') return;
    const kind = kindOf(node);
    if (kind === 'title') titles.push(node);
    else if (kind === 'season') {
      if (!seasons.has(path)) seasons.set(path, []);
      seasons.get(path).push(node);
    } else if (kind && node.names) {
      const entry = { ...node, kind };
      if (kind === 'explore') {
        entry.shapeList = (node.shapes || []).map((s) => ({
          cells: toXY(s.cells), coin: Boolean(s && s.coin),
        }));
      }
      if (kind === 'ambush') entry.cells = toXY(node.cells);
      if (kind === 'hero') entry.offsets = toXY(node.attack);
      if (!cards.has(node.id)) cards.set(node.id, entry);
    } else if (node.id && node.grid) maps.set(node.id, node);
    for (const [key, value] of Object.entries(node)) {
      if (value && typeof value === 'object' && key !== 'names') walk(value, `${path}.${key}`);
    }
  };
  walk(raw, '');
  const floor = (title) => (title.min ?? title.threshold);
  titles.sort((a, b) => floor(b) - floor(a));
  return {
    raw,
    card: (id) => cards.get(id),
    seasonsFor(box) {
      const groups = [...seasons.entries()];
      const hit = groups.find(([path]) => path.split('.').includes(box)) || groups[0];
      return hit ? hit[1] : [];
    },
    titleFor(rating) { return titles.find((title) => rating >= floor(title)) || null; },
    titles,
    terrains: raw.terrains,
    maps,
  };
}
