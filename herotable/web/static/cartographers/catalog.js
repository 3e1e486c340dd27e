// The engine's card catalog (/api/catalog/cartographers), indexed for the table. The catalog
// groups its entries by kind and tags each with it; cells are [row, col], as in the view's
// legal moves.

const CARD_GROUPS = ['explore', 'heroes', 'ruins', 'ambushes', 'scoring'];
const EMPTY_CELL = { terrain: 'empty', ruins: false };

export function indexCatalog(raw) {
  const cards = new Map();
  for (const group of CARD_GROUPS) {
    for (const entry of Object.values(raw[group] || {})) {
      if (!cards.has(entry.id)) cards.set(entry.id, entry);
    }
  }
  return {
    card: (id) => cards.get(id),
    /** The seasons of a box (the first box's when it has none). */
    seasonsFor(box) {
      const seasons = raw.seasons || {};
      return seasons[box] || Object.values(seasons)[0] || [];
    },
    /** A map notation character as the cell drawn for it: {terrain, ruins}. */
    mapCell: (ch) => (raw.map_letters || {})[ch] || EMPTY_CELL,
    coinTrack: raw.coin_track,
    /** The map sides, in the data's order: {id, box, names, grid (the map notation's lines)}. */
    sides: Object.values(raw.map_sides || {}),
  };
}
