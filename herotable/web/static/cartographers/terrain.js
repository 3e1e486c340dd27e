// Terrain drawings: one SVG symbol per terrain, told apart by glyph as well as colour (the
// Okabe-Ito palette, named once in style.css). Drawn once with the table (games.js); every
// map <use>s them.
import { html } from '../html.js';

export function TerrainDefs() {
  return html`<svg class="defs" aria-hidden="true" width="0" height="0">
    <defs>
      <symbol id="t-empty" viewBox="0 0 10 10"><rect width="10" height="10" fill="#fbf7ec"/></symbol>
      <symbol id="t-forest" viewBox="0 0 10 10">
        <rect width="10" height="10" style="fill: var(--t-forest)"/>
        <path d="M3 1.5 5.3 5.3H.7z M7 4.2 9.3 8H4.7z" fill="#e9f7ef"/>
        <path d="M3 5.3v1.4 M7 8v1.2" stroke="#e9f7ef" stroke-width=".7"/>
      </symbol>
      <symbol id="t-village" viewBox="0 0 10 10">
        <rect width="10" height="10" style="fill: var(--t-village)"/>
        <path d="M2.2 5 5 2.3 7.8 5v3.3H2.2z" fill="#fff3e6"/>
        <rect x="4.2" y="5.9" width="1.6" height="2.4" style="fill: var(--t-village)"/>
      </symbol>
      <symbol id="t-farm" viewBox="0 0 10 10">
        <rect width="10" height="10" style="fill: var(--t-farm)"/>
        <path d="M-1 4 4 -1 M-1 8 8 -1 M2 11 11 2 M6 11 11 6" stroke="#8a7d00" stroke-width=".8"/>
      </symbol>
      <symbol id="t-water" viewBox="0 0 10 10">
        <rect width="10" height="10" style="fill: var(--t-water)"/>
        <path d="M1 3.6q1-1 2 0t2 0 2 0 2 0 M1 7.1q1-1 2 0t2 0 2 0 2 0" fill="none" stroke="#0b3d63" stroke-width=".8"/>
      </symbol>
      <symbol id="t-monster" viewBox="0 0 10 10">
        <rect width="10" height="10" style="fill: var(--t-monster)"/>
        <path d="M2.2 2.5 3.5 4.6 M5 1.8V4.4 M7.8 2.5 6.5 4.6" stroke="#3b0d2a" stroke-width=".9" stroke-linecap="round"/>
        <path d="M2.5 6.2q2.5 2.6 5 0-2.5 1-5 0z" fill="#3b0d2a"/>
      </symbol>
      <symbol id="t-mountain" viewBox="0 0 10 10">
        <rect width="10" height="10" fill="#b9ae9c"/>
        <path d="M.8 8.6 4 2.4 5.6 5.3 6.7 3.8 9.2 8.6z" fill="#5b4f3f"/>
        <path d="M4 2.4 3.1 4.1 4 3.7 4.8 4z" fill="#fff"/>
      </symbol>
      <symbol id="t-wasteland" viewBox="0 0 10 10">
        <rect width="10" height="10" fill="#4a4a4a"/>
        <path d="M1 2 3.5 4.5 2.5 6 5 8.5 M6 1 7 3.8 9 5 M6.5 9 8.2 7" fill="none" stroke="#d0d0d0" stroke-width=".7"/>
      </symbol>
      <symbol id="t-hero" viewBox="0 0 10 10">
        <rect width="10" height="10" style="fill: var(--t-hero)"/>
        <path d="M5 1.6 8 2.8V5.3Q8 7.6 5 8.8 2 7.6 2 5.3V2.8z" fill="#fff6e0" stroke="#5c3b00" stroke-width=".6"/>
        <path d="M5 3.2v4 M3.6 4.6h2.8" stroke="#5c3b00" stroke-width=".7"/>
      </symbol>
      <symbol id="t-destroyed" viewBox="0 0 10 10">
        <rect width="10" height="10" fill="#ece6d6"/>
        <path d="M1.5 1.5 8.5 8.5 M8.5 1.5 1.5 8.5" stroke="#222" stroke-width="1.1"/>
      </symbol>
      <symbol id="m-ruins" viewBox="0 0 10 10">
        <path d="M1.4 9V5.6Q1.4 3.4 3.4 3.4T5.4 5.6V9H4.4V5.7Q4.4 4.4 3.4 4.4T2.4 5.7V9z" fill="#6b4f2a" stroke="#fbf7ec" stroke-width=".3"/>
      </symbol>
      <symbol id="m-ruins-big" viewBox="0 0 10 10">
        <path d="M2 8.5V5Q2 2 5 2T8 5V8.5H6.6V5.1Q6.6 3.4 5 3.4T3.4 5.1V8.5z" fill="#8a6a3a"/>
        <path d="M1.2 8.8h7.6" stroke="#8a6a3a" stroke-width=".6"/>
      </symbol>
      <symbol id="m-attack" viewBox="0 0 10 10">
        <circle cx="5" cy="5" r="3.6" fill="#fff" fill-opacity=".85" stroke="#5c3b00" stroke-width=".9"/>
        <circle cx="5" cy="5" r="1.2" fill="#5c3b00"/>
        <path d="M5 .4v2.4M5 7.2v2.4M.4 5h2.4M7.2 5h2.4" stroke="#5c3b00" stroke-width=".9"/>
      </symbol>
      <symbol id="m-star" viewBox="0 0 10 10">
        <path d="M5 .8l1.2 2.6 2.9.3-2.2 1.9.7 2.8L5 7 2.4 8.4l.7-2.8L.9 3.7l2.9-.3z" fill="#ffd400" stroke="#1a1a1a" stroke-width=".5"/>
      </symbol>
      <symbol id="m-coin" viewBox="0 0 10 10">
        <circle cx="5" cy="5" r="4" fill="#f5c400" stroke="#7a5a00" stroke-width=".8"/>
        <circle cx="5" cy="5" r="2.2" fill="none" stroke="#7a5a00" stroke-width=".5"/>
      </symbol>
      <symbol id="m-coin-empty" viewBox="0 0 10 10">
        <circle cx="5" cy="5" r="4" fill="none" stroke="#a89c84" stroke-width=".7" stroke-dasharray="1.2 .8"/>
      </symbol>
      <pattern id="p-illegal" width="3" height="3" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="3" height="3" fill="#ffffff" fill-opacity=".35"/>
        <path d="M0 0V3" stroke="#c0002a" stroke-width="1.2"/>
      </pattern>
    </defs>
  </svg>`;
}
