// Whether the element that has the focus got it from a pointer (a click or a tap) rather than
// from the keyboard or a script. The browser says as much with :focus-visible, but turns it
// on at the first key pressed after a click; the table needs to know how the focus came.
let pointing = false;
let pointerFocused = null;

window.addEventListener('pointerdown', () => { pointing = true; }, true);
window.addEventListener('pointerup', () => { pointing = false; }, true);
window.addEventListener('pointercancel', () => { pointing = false; }, true);
document.addEventListener('focusin', (e) => { pointerFocused = pointing ? e.target : null; }, true);

/** Did `el` get the focus it has from a pointer? */
export const focusedByPointer = (el) => el === pointerFocused && el === document.activeElement;
