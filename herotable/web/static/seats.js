// What the page calls each seat. The server sends the name a seat's creator gave, or null for
// an unnamed seat, which the page names in its own language: the bot's name (numbered when a
// kind plays twice), or "Player n".
import { t, has } from './i18n.js';

const botName = (bot) => (has(`bot_name.${bot}`) ? t(`bot_name.${bot}`) : bot);

/** The names of `seats` ({ name, bot }, in seat order) as the page shows them. */
export function seatNames(seats) {
  const counts = {};
  for (const s of seats) if (s.bot && !s.name) counts[s.bot] = (counts[s.bot] || 0) + 1;
  const seen = {};
  return seats.map((s, i) => {
    if (s.name) return s.name;
    if (!s.bot) return t('seat.unnamed', { n: i + 1 });
    seen[s.bot] = (seen[s.bot] || 0) + 1;
    return counts[s.bot] > 1 ? t('seat.bot_numbered', { name: botName(s.bot), n: seen[s.bot] }) : botName(s.bot);
  });
}
