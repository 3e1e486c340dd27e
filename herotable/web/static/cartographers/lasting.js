// The ambushes whose monsters act again after they are drawn, as the engine plays them: the
// zombies spread and the troll ravages after each season's scoring but the last one's (after
// winter nothing changes any more), and a dragon once boxed in pays its map's coins, once.

export const AFTER_EACH_SEASON = new Set(['zombie', 'troll']);

/** The ambushes in play whose effect is still to come, as [{id, effect}], in reveal order.
 * The card being played is left out: its face says what it does. */
export function lastingAmbushes(view, catalog) {
  if (view.over) return [];
  const seasons = catalog.seasonsFor(view.config.seasons || 'heroes').length;
  const moreSeasons = view.season_index < seasons - 1;
  return (view.ambushes_in_play || []).filter((id) => id !== view.current).flatMap((id) => {
    const card = catalog.card(id);
    const effect = card && card.effect;
    const maps = view.sheets.filter((s) => ((s.monsters || {})[id] || []).length > 0);
    if (!maps.length) return [];
    if (AFTER_EACH_SEASON.has(effect) && moreSeasons) return [{ id, effect }];
    if (effect === 'dragon' && maps.some((s) => !s.dragon_paid)) return [{ id, effect }];
    return [];
  });
}
