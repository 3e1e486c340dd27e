// What a screen reader says for one cell of a map: its name, what is drawn on it, ruins, a
// mountain whose coin was taken, a hero's attack mark ("C7, Mountain, coin taken"). An empty
// cell with ruins is just "D2, Ruins".
import { t } from '../i18n.js';

/** The words for cell `name` (B4) of terrain `terrain`; `ruins`, `paid` (a mountain's coin
 * taken) and `attacked` (a hero's attack mark) add to them. */
export function cellLabel(name, terrain, { ruins = false, paid = false, attacked = false } = {}) {
  const parts = [name];
  if (terrain !== 'empty' || !ruins) parts.push(t(`terrain.${terrain}`));
  if (ruins) parts.push(t('terrain.ruins'));
  if (paid) parts.push(t('a11y.coin_taken'));
  if (attacked) parts.push(t('a11y.attacked'));
  return parts.join(', ');
}
