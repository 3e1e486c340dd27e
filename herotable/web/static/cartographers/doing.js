// What each player is doing now, in words, from the view's `owing` (every seat's pending
// decision, kind and map): drawing, placing a hero, a monster on whose map, or done.
import { t } from '../i18n.js';

export function doingWords(view, seat, names) {
  if (view.over) return '';
  const owed = (view.owing || []).find((o) => o.seat === seat);
  if (!owed) return t('board.doing.done');
  if (owed.kind === 'monster') return t('board.doing.monster', { name: names[owed.sheet] });
  return t(`board.doing.${owed.kind}`);
}
