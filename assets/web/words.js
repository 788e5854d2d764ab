// ansage web page: its words. GET /words.json gives a flat map {"key": "text with {name}"}
// in the game's language (assets/<lang>/web.toml); the function t fills it in.
// Every key is written literally, as the string argument of t in the scripts or as the
// data-t attribute in index.html (tests/it/web/words.rs checks that each is defined in
// every language, each defined one is used, and the placeholders agree).
// GPL-3.0-or-later.

let words = {};

/** Fetches the words; throws when the station does not answer. */
export async function loadWords() {
  const answer = await fetch('/words.json', { cache: 'no-store' });
  if (!answer.ok) throw new Error(`words.json: ${answer.status}`);
  words = await answer.json();
}

/** The text of `key` with its {placeholders} replaced from `params`. */
export function t(key, params = {}) {
  const text = words[key];
  if (text === undefined) return key;
  return text.replace(/\{([\w-]+)\}/g, (whole, name) =>
    name in params ? String(params[name]) : whole);
}

/** Fills every element with a data-t attribute under `root` with its words. */
export function fillStatic(root) {
  for (const el of root.querySelectorAll('[data-t]')) el.textContent = t(el.dataset.t);
}

/** The name of a side ("white" | "black"). */
export function sideName(side) {
  return side === 'white' ? t("white") : t("black");
}

/** The name of a piece by its FEN letter, with its colour ("weißer Springer"). */
const PIECES = {
  K: () => t("white-king"), Q: () => t("white-queen"), R: () => t("white-rook"),
  B: () => t("white-bishop"), N: () => t("white-knight"), P: () => t("white-pawn"),
  k: () => t("black-king"), q: () => t("black-queen"), r: () => t("black-rook"),
  b: () => t("black-bishop"), n: () => t("black-knight"), p: () => t("black-pawn"),
};
export function pieceName(fen) {
  return PIECES[fen] ? PIECES[fen]() : '';
}

/** The promotion choices: the UCI letter and the piece's name (no colour). */
export function promotionChoices() {
  return [
    ['q', t("queen")], ['r', t("rook")], ['b', t("bishop")], ['n', t("knight")],
  ];
}
