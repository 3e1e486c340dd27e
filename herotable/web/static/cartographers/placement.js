// Choosing a placement: shape, terrain, turn and mirror, and where on the map. A placement
// is legal iff its cells are one of the view's grouped legal moves ({cells} at a corner).
import { useEffect, useMemo, useState } from 'preact/hooks';
import {
  SIZE, attackCells, cellName, grip, indexLegal, land, orient, patternKey,
} from './geometry.js';
import { destroyAction, drawAction, heroAction, monsterAction, parseAction } from './notation.js';

const CENTER = [5, 5];

/** The shapes a decision offers, from the catalog card (a 1x1 when falling back). */
function shapeOptions(decision, legal, card) {
  if (!legal) return [];
  if (legal.kind === 'hero' || legal.kind === 'destroy') return [{ cells: [[0, 0]], coin: false }];
  if (decision && decision.fallback) return [{ cells: [[0, 0]], coin: false }];
  if (legal.kind === 'monster') return [{ cells: (card && card.cells) || [[0, 0]], coin: false }];
  const list = (card && card.shapes) || [];
  return list.length ? list : (legal.shapes || []).slice(0, 1).map((g) => ({ cells: g.cells, coin: false }));
}

const ORIENTATIONS = [0, 1, 2, 3].flatMap((turns) => [false, true].map((mirrored) => ({ turns, mirrored })));

export function usePlacement(state, catalog) {
  const view = state && state.view;
  const legal = view && view.legal;
  const decision = view && view.decision;
  const card = legal && catalog ? catalog.card(legal.card) : null;
  // A new decision is new legal moves: another seat's move (a new seq) keeps the placement.
  const decisionKey = legal ? JSON.stringify(legal) : '';

  const index = useMemo(() => indexLegal(legal), [decisionKey]);
  const shapes = useMemo(() => shapeOptions(decision, legal, card), [decisionKey, Boolean(card)]);
  // Which shapes, and which of their orientations, fit somewhere on the map.
  const fits = useMemo(() => shapes.map((s) => ORIENTATIONS.filter(
    (o) => index.has(patternKey(orient(s.cells, o.turns, o.mirrored))),
  )), [shapes, index]);

  const [shape, setShape] = useState(0);
  const [terrain, setTerrain] = useState(null);
  const [turns, setTurns] = useState(0);
  const [mirrored, setMirrored] = useState(false);
  const [pos, setPos] = useState(null);
  const [pinned, setPinned] = useState(false);
  const [heroTurn, setHeroTurn] = useState(0);
  // The decision the person last pointed in (hover, tap, arrows). A new decision keeps the
  // position, but until pointed at, a shape that does not fit there is outlined, not hatched
  // red: the red was the last decision's (on a touch screen nothing hovers to move it).
  const [pointedAt, setPointedAt] = useState(null);
  const pointed = pointedAt === decisionKey;

  // A new decision: start from the first shape and orientation that fit, keep the position.
  useEffect(() => {
    if (!legal) return;
    const first = fits.findIndex((f) => f.length > 0);
    const s = first < 0 ? 0 : first;
    setShape(s);
    const o = (fits[s] && fits[s][0]) || { turns: 0, mirrored: false };
    setTurns(o.turns);
    setMirrored(o.mirrored);
    setTerrain(legal.terrains && legal.terrains.length ? legal.terrains[0] : null);
    setHeroTurn(legal.turns && legal.turns.length ? legal.turns[0] : 0);
    setPinned(false);
    if (legal.kind === 'destroy') setPos(null);
  }, [decisionKey]);

  if (!legal) return { active: false };

  const kind = legal.kind;
  const current = shapes[shape] || shapes[0];
  const pattern = orient(current ? current.cells : [[0, 0]], turns, mirrored);
  const key = patternKey(pattern);
  const where = pos || (kind === 'destroy' ? null : CENTER);
  let ghost = null;
  let attack = null;
  let action = null;
  let isLegal = false;
  if (where) {
    const placed = land(pattern, where);
    const allowed = index.get(key);
    isLegal = Boolean(allowed && allowed.has(cellName(placed.top, placed.left)));
    const idle = !pointed && !isLegal;
    if (kind === 'draw') {
      ghost = { cells: placed.cells, terrain: terrain || 'empty', legal: isLegal, idle };
      if (isLegal && terrain) action = drawAction(terrain, placed.cells);
    } else if (kind === 'monster') {
      ghost = { cells: placed.cells, terrain: 'monster', legal: isLegal, idle };
      if (isLegal) action = monsterAction(placed.cells);
    } else if (kind === 'hero') {
      ghost = { cells: [where], terrain: 'hero', legal: isLegal, idle };
      attack = attackCells((card && card.attack) || [], where, Math.round(heroTurn / 90));
      if (isLegal) action = heroAction(where, heroTurn);
    } else if (kind === 'destroy') {
      ghost = { cells: [where], terrain: 'destroyed', legal: isLegal, idle };
      if (isLegal) action = destroyAction(where);
    }
  }

  const canTurn = kind === 'hero' ? (legal.turns || []).length > 1 : kind !== 'destroy' && pattern.length > 1;
  const rotate = (step = 1) => {
    if (kind === 'hero') {
      const list = legal.turns || [0];
      setHeroTurn((v) => list[(list.indexOf(v) + step + list.length) % list.length]);
      return;
    }
    setTurns((v) => (v + step + 4) % 4);
  };
  const flip = () => { if (kind !== 'hero' && kind !== 'destroy') setMirrored((v) => !v); };
  const chooseShape = (i) => {
    setShape(i);
    const f = fits[i] || [];
    if (f.length && !f.some((o) => o.turns === turns && o.mirrored === mirrored)) {
      setTurns(f[0].turns);
      setMirrored(f[0].mirrored);
    }
  };
  // Updates from the latest value: keys pressed faster than the page renders all count.
  const move = (dr, dc) => {
    setPos((old) => {
      const [r, c] = old || CENTER;
      return [Math.min(SIZE - 1, Math.max(0, r + dr)), Math.min(SIZE - 1, Math.max(0, c + dc))];
    });
    setPinned(true);
    setPointedAt(decisionKey);
  };
  // A whole move (a hint's) made the placement being chosen: its shape, turn, mirror, terrain
  // and place, pinned. False if the decision offers no such placement.
  const adopt = (move) => {
    const { verb, terrain: drawn, cells, degrees } = parseAction(move);
    if (!cells.length) return false;
    const take = (at) => { setPos(at); setPinned(true); setPointedAt(decisionKey); return true; };
    if (verb === 'hero') {
      setHeroTurn(degrees);
      return take(cells[0]);
    }
    if (verb === 'destroy') return take(cells[0]);
    const top = Math.min(...cells.map((x) => x[0]));
    const left = Math.min(...cells.map((x) => x[1]));
    const wanted = patternKey(cells.map(([r, c]) => [r - top, c - left]));
    for (let i = 0; i < shapes.length; i += 1) {
      for (const o of fits[i]) {
        const pattern = orient(shapes[i].cells, o.turns, o.mirrored);
        if (patternKey(pattern) !== wanted) continue;
        setShape(i); setTurns(o.turns); setMirrored(o.mirrored);
        if (verb === 'draw') setTerrain(drawn);
        const [gr, gc] = grip(pattern);
        return take([top + gr, left + gc]);
      }
    }
    return false;
  };
  const hover = (cell) => { if (!pinned && cell) { setPos(cell); setPointedAt(decisionKey); } };
  const pick = (cell) => { setPos(cell); setPinned(true); setPointedAt(decisionKey); };

  return {
    active: true, key: decisionKey, kind, legal, card, decision, shapes, fits, shape, terrain, turns, mirrored,
    heroTurn, pos, pinned, pointed, ghost, attack, action, isLegal, canTurn, orientationFits: index.has(key),
    choices: kind === 'destroy' ? new Set((legal.shapes[0] || { at: [] }).at) : null,
    chooseShape, setTerrain, rotate, flip, move, hover, pick, adopt,
    unpin: () => setPinned(false),
  };
}
