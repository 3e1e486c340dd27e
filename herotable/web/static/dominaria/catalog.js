// The engine's Heroes of Dominaria catalog (/api/catalog/dominaria), indexed for the table:
// the map, the tracks, and every card by id with its names by language.
import { nameIn } from '../i18n.js';

export function indexCatalog(raw) {
  const neighbours = new Map(Object.keys(raw.locations).map((id) => [id, []]));
  for (const { a, b } of raw.links) {
    neighbours.get(a).push(b);
    neighbours.get(b).push(a);
  }
  return {
    raw,
    game: 'dominaria',
    location: (id) => raw.locations[id],
    neighbours: (id) => neighbours.get(id) || [],
    quest: (id) => raw.quests[id],
    publicQuest: (id) => raw.public_quests[id],
    artifact: (id) => raw.artifacts[id],
    card: (id) => raw.cards[id],
    tracks: raw.tracks,
    designed: raw.designed,
    pack: raw.pack,
  };
}

/** The name of a location, planeswalker, quest, public quest or artifact, in the current
 * language (the id if the catalog does not know it). */
export function nameOf(catalog, id) {
  const raw = catalog.raw;
  const entry = raw.locations[id] || raw.quests[id] || raw.public_quests[id]
    || raw.artifacts[id] || raw.planeswalkers[id];
  return entry ? nameIn(entry.names) : id;
}
