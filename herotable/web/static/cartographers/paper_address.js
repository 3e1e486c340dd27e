// The score page's address (docs/web.md, "Scoring a paper map"): what a paper game holds, so
// that the address alone reopens it. /score?side=C&cards=A,B,C,D&solo=1&m1=MAP&c1=3&m2=...
// mK and cK are the map and the coins at season K's end; a season left out is the same as the
// season before. A map is the map notation's 121 characters in reading order, with the
// characters an address cannot hold plainly written as letters the notation does not use,
// and a run of three or more equal characters written as its length and the character
// ("11-" is a row of empty cells). `table=ID` says the map is for that paper table's
// scoreboard, and `map=ID` which map of it the address shows.
import { SIZE } from './geometry.js';

export const SEASONS = 4;
// The notation's characters an address cannot hold plainly, and the letters written for them,
// in the same order (a character is not given a meaning here: the catalogue's notation does).
const UNSAFE = '.^#*+';
const WRITTEN = '-MCDd';
const TO_ADDRESS = Object.fromEntries([...UNSAFE].map((ch, i) => [ch, WRITTEN[i]]));
const FROM_ADDRESS = Object.fromEntries([...UNSAFE].map((ch, i) => [WRITTEN[i], ch]));
// A table's and a map's id: the server's short codes.
const ID = /^[A-Za-z0-9_-]{1,32}$/;
const idIn = (query, key) => (ID.test(query.get(key) || '') ? query.get(key) : null);

/** A map (its 11 rows in the notation) as the address writes it. */
export function packMap(grid) {
  const chars = [...grid.join('')].map((ch) => TO_ADDRESS[ch] || ch);
  let out = '';
  for (let i = 0; i < chars.length;) {
    let j = i;
    while (j < chars.length && chars[j] === chars[i]) j += 1;
    out += j - i >= 3 ? `${j - i}${chars[i]}` : chars[i].repeat(j - i);
    i = j;
  }
  return out;
}

/** The rows of a map the address writes; null when it is not 11 x 11 cells. */
export function unpackMap(text) {
  const chars = [];
  const token = /(\d*)(\D)/gy;
  let match;
  let read = 0;
  while ((match = token.exec(text)) !== null) {
    const count = match[1] ? Number(match[1]) : 1;
    if (count < 1 || chars.length + count > SIZE * SIZE) return null;
    for (let k = 0; k < count; k += 1) chars.push(FROM_ADDRESS[match[2]] || match[2]);
    read = token.lastIndex;
  }
  if (read !== text.length || chars.length !== SIZE * SIZE) return null;
  return Array.from({ length: SIZE }, (_, row) => chars.slice(row * SIZE, (row + 1) * SIZE).join(''));
}

/** What an address asks for: {side, cards, solo, maps: [rows|null|undefined x4], coins:
 * [n|null x4], table, map}; a map left out is undefined, a map that cannot be read null. */
export function readAddress(search) {
  const query = new URLSearchParams(search);
  const cards = (query.get('cards') || '').split(',').filter(Boolean);
  const maps = [];
  const coins = [];
  for (let k = 1; k <= SEASONS; k += 1) {
    const map = query.get(`m${k}`);
    maps.push(map === null ? undefined : unpackMap(map));
    const c = query.get(`c${k}`);
    coins.push(c !== null && /^\d{1,2}$/.test(c) ? Number(c) : null);
  }
  return {
    side: query.get('side'), cards: cards.length === SEASONS ? cards : null, solo: query.get('solo') === '1', maps, coins,
    table: idIn(query, 'table'), map: idIn(query, 'map'),
  };
}

/** The address of a paper game: `seasons` are [{grid, coins}] (up to 4); `table` and `map`
 * the paper table and its map it is, if any. */
export function writeAddress({ side, cards, solo, seasons, table, map }) {
  const query = new URLSearchParams();
  if (table) query.set('table', table);
  if (table && map) query.set('map', map);
  query.set('side', side);
  query.set('cards', cards.join(','));
  if (solo) query.set('solo', '1');
  seasons.forEach((s, i) => {
    const before = seasons[i - 1];
    const map = packMap(s.grid);
    if (!before || packMap(before.grid) !== map) query.set(`m${i + 1}`, map);
    if (!before || before.coins !== s.coins) query.set(`c${i + 1}`, String(s.coins));
  });
  // The notation's letters, "-" and the commas between cards need no escaping: the address
  // stays readable.
  return `?${query.toString().replace(/%2C/g, ',')}`;
}
