// ansage web page: the board. A <table> with a caption, <th scope=col> files and
// <th scope=row> ranks, seen from the viewer's side; every square a <button> (or, on a
// page without controls, a plain cell) named by square and piece ("e4, weißer Springer").
// Pieces are the cburnett images (alt="", the name is the square's text) or, while those
// are missing, Unicode glyphs hidden from screen readers. Tapping a from- and a to-square
// makes a move; a pawn reaching the last rank of the shown board asks for the piece. The
// board is one tab stop (a roving tabindex): the arrow keys go from square to square, Tab
// leaves it, and a skip link before it leads past it. No chess rules: legality is the
// station's.
// GPL-3.0-or-later.

import { t, pieceName, promotionChoices, sideName } from './words.js';

const FILES = 'abcdefgh';
const IMAGE_NAMES = { K: 'wK', Q: 'wQ', R: 'wR', B: 'wB', N: 'wN', P: 'wP',
                      k: 'bK', q: 'bQ', r: 'bR', b: 'bB', n: 'bN', p: 'bP' };
const GLYPHS = { k: '\u265A', q: '\u265B', r: '\u265C', b: '\u265D', n: '\u265E', p: '\u265F' };
let useImages = false;

/** Finds out once whether the piece images are served; glyphs otherwise. */
export function probePieces() {
  return new Promise(resolve => {
    const img = new Image();
    img.addEventListener('load', () => { useImages = true; resolve(); });
    img.addEventListener('error', () => resolve());
    img.src = '/assets/pieces/cburnett/wK.svg';
  });
}

/** The pieces of a FEN placement: a Map from square ("e4") to FEN letter. */
export function placement(fen) {
  const pieces = new Map();
  (fen || '').split('/').forEach((row, i) => {
    let file = 0;
    for (const c of row) {
      if (c >= '1' && c <= '8') { file += Number(c); continue; }
      pieces.set(FILES[file] + (8 - i), c);
      file += 1;
    }
  });
  return pieces;
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** The files and ranks in display order for the side at the bottom. */
function order(bottom) {
  const files = [...FILES];
  const ranks = ['8', '7', '6', '5', '4', '3', '2', '1'];
  return bottom === 'black' ? [files.reverse(), ranks.reverse()] : [files, ranks];
}

function headerRow(files) {
  const row = el('tr');
  row.append(el('td', 'corner'));
  for (const f of files) {
    const th = el('th', 'coord-h', f);
    th.scope = 'col';
    row.append(th);
  }
  return row;
}

function squareCell(square, r, c, interactive, files, ranks) {
  const td = el('td');
  const sq = el(interactive ? 'button' : 'span', 'sq');
  if (interactive) {
    sq.type = 'button';
    // One tab stop: the bottom-left square until another is visited.
    sq.tabIndex = r === ranks.length - 1 && c === 0 ? 0 : -1;
  }
  sq.dataset.sq = square;
  sq.dataset.row = r;
  sq.dataset.col = c;
  sq.classList.add((FILES.indexOf(square[0]) + Number(square[1])) % 2 ? 'dark' : 'light');
  sq.append(el('span', 'sr-only name'), el('span', 'piece'));
  if (r === ranks.length - 1) sq.append(coord('coord-file', square[0]));
  if (c === 0) sq.append(coord('coord-rank', square[1]));
  td.append(sq);
  return td;
}

function coord(cls, text) {
  const span = el('span', cls, text);
  span.setAttribute('aria-hidden', 'true');
  return span;
}

function buildTable(bottom, interactive) {
  const [files, ranks] = order(bottom);
  const table = el('table', 'board');
  table.append(el('caption', 'sr-only', t("board-caption", { side: sideName(bottom) })));
  const head = el('thead');
  head.append(headerRow(files));
  const body = el('tbody');
  ranks.forEach((rank, r) => {
    const row = el('tr');
    const th = el('th', 'coord-h', rank);
    th.scope = 'row';
    row.append(th);
    files.forEach((file, c) => row.append(squareCell(file + rank, r, c, interactive, files, ranks)));
    body.append(row);
  });
  table.append(head, body);
  return table;
}

function pieceContent(fen) {
  if (!fen) return [];
  if (useImages) {
    const img = el('img');
    img.alt = '';
    img.src = `/assets/pieces/cburnett/${IMAGE_NAMES[fen]}.svg`;
    return [img];
  }
  const glyph = el('span', fen === fen.toUpperCase() ? 'glyph white' : 'glyph black',
                   GLYPHS[fen.toLowerCase()] + '\uFE0E');
  glyph.setAttribute('aria-hidden', 'true');
  return [glyph];
}

/** The squares of a UCI move ("e2e4" → ["e2", "e4"]), or [] without one. */
function squaresOf(uci) {
  return uci && uci.length >= 4 ? [uci.slice(0, 2), uci.slice(2, 4)] : [];
}

/** The marks a square carries besides its piece, as words. */
function marks(square, view) {
  const out = [];
  const [lastFrom, lastTo] = view.last;
  const [pendFrom, pendTo] = view.pending;
  if (square === lastFrom) out.push(t("mark-last-from"));
  if (square === lastTo) out.push(t("mark-last-to"));
  if (square === pendFrom) out.push(t("mark-pending-from"));
  if (square === pendTo) out.push(t("mark-pending-to"));
  if (square === view.selected) out.push(t("mark-selected"));
  return out;
}

function paintSquare(sq, view) {
  const square = sq.dataset.sq;
  const fen = view.pieces.get(square);
  const name = t("square-label", { square, piece: fen ? pieceName(fen) : t("empty") });
  const m = marks(square, view);
  sq.querySelector('.name').textContent = [name, ...m].join(', ');
  const key = (fen || '') + (useImages ? 'i' : 'g');
  const piece = sq.querySelector('.piece');
  if (piece.dataset.key !== key) {
    piece.replaceChildren(...pieceContent(fen));
    piece.dataset.key = key;
  }
  sq.classList.toggle('last', square === view.last[0] || square === view.last[1]);
  sq.classList.toggle('pending', square === view.pending[0] || square === view.pending[1]);
  sq.classList.toggle('selected', square === view.selected);
}

/**
 * A board in `container`. `options`: interactive (squares are buttons), onMove(uci) for a
 * tapped move, onKey(event) for the one-key commands. Returns {update(state)}.
 */
export function createBoard(container, options) {
  let bottom = null;
  let view = { pieces: new Map(), last: [], pending: [], selected: null, colour: null };
  const promotion = document.getElementById('promotion');

  function update(state) {
    const side = state.colour || 'white';
    if (side !== bottom) {
      bottom = side;
      container.replaceChildren(buildTable(bottom, options.interactive));
    }
    const lastMove = state.moves.length ? state.moves[state.moves.length - 1] : null;
    view = { ...view, pieces: placement(state.board), colour: state.colour,
             last: squaresOf(lastMove && lastMove.uci),
             pending: squaresOf(state.pending && state.pending.uci) };
    if (view.selected && !view.pieces.has(view.selected)) view.selected = null;
    paint();
  }

  function paint() {
    for (const sq of container.querySelectorAll('.sq')) paintSquare(sq, view);
  }

  function sameColour(a, b) {
    return a && b && (a === a.toUpperCase()) === (b === b.toUpperCase());
  }

  function tap(square) {
    const from = view.selected;
    const piece = view.pieces.get(square);
    if (!from || sameColour(view.pieces.get(from), piece) && square !== from) {
      view.selected = piece ? square : null;
    } else if (square === from) {
      view.selected = null;
    } else {
      view.selected = null;
      const mover = view.pieces.get(from);
      if ((mover === 'P' && square[1] === '8') || (mover === 'p' && square[1] === '1')) {
        askPromotion(from + square);
      } else {
        options.onMove(from + square);
      }
    }
    paint();
  }

  function askPromotion(uci) {
    promotion.replaceChildren();
    const heading = el('h3', null, t("promotion-question"));
    heading.id = 'promotion-h';
    const group = el('div', 'row');
    group.setAttribute('role', 'group');
    group.setAttribute('aria-labelledby', 'promotion-h');
    for (const [letter, name] of promotionChoices()) {
      const b = el('button', null, name);
      b.type = 'button';
      b.addEventListener('click', () => endPromotion(uci, uci + letter));
      group.append(b);
    }
    const cancel = el('button', 'secondary', t("cancel"));
    cancel.type = 'button';
    cancel.addEventListener('click', () => endPromotion(uci, null));
    group.append(cancel);
    promotion.append(heading, group);
    promotion.hidden = false;
    group.querySelector('button').focus();
  }

  function endPromotion(uci, move) {
    promotion.hidden = true;
    promotion.replaceChildren();
    const to = container.querySelector(`[data-sq="${uci.slice(2, 4)}"]`);
    if (to) to.focus();
    if (move) options.onMove(move);
  }

  function arrow(event) {
    const steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const step = steps[event.key];
    const sq = event.target.closest('.sq');
    if (!step || !sq) return false;
    const r = Number(sq.dataset.row) + step[0];
    const c = Number(sq.dataset.col) + step[1];
    const next = container.querySelector(`[data-row="${r}"][data-col="${c}"]`);
    if (next) next.focus();
    return true;
  }

  /** The square that has focus is the board's one tab stop. */
  function rove(sq) {
    for (const other of container.querySelectorAll('button.sq[tabindex="0"]')) {
      if (other !== sq) other.tabIndex = -1;
    }
    sq.tabIndex = 0;
  }

  container.addEventListener('focusin', event => {
    const sq = event.target.closest('button.sq');
    if (sq) rove(sq);
  });

  container.addEventListener('click', event => {
    const sq = event.target.closest('button.sq');
    if (sq && !sq.disabled && options.canMove()) tap(sq.dataset.sq);
  });
  container.addEventListener('keydown', event => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (arrow(event) || options.onKey(event)) event.preventDefault();
  });
  return { update };
}
