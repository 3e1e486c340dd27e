// Opening the rules reference at an entry from anywhere on a table: the panel (rules.js) listens.
export function openRules(game, entry) {
  window.dispatchEvent(new CustomEvent('herotable:rules', { detail: { game, entry } }));
}
