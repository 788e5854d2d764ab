// ansage web page: the texts drawn from a state: who plays, the last move in notation and
// in the station's words, the facts (turn, clock, the blind player's move in its stages
// D.2.3/D.2.7, executed on the sighted player's board, draw offer, result), the move list.
// Only what the station said; no chess rules.
// GPL-3.0-or-later.

import { t, sideName } from './words.js';

const REASONS = {
  'checkmate': () => t("reason-checkmate"),
  'resignation': () => t("reason-resignation"),
  'stalemate': () => t("reason-stalemate"),
  'dead position': () => t("reason-dead-position"),
  'agreement': () => t("reason-agreement"),
  'threefold repetition': () => t("reason-threefold"),
  'fifty-move rule': () => t("reason-fifty-moves"),
  'fivefold repetition': () => t("reason-fivefold"),
  'seventy-five-move rule': () => t("reason-seventy-five-moves"),
  'time forfeit': () => t("reason-time-forfeit"),
  'time forfeit, insufficient material': () => t("reason-time-forfeit-insufficient"),
  'unterminated': () => t("reason-unfinished"),
};

/** A player's name from the settings, or None when none is set ("?" in the PGN). */
function givenName(state, side) {
  const name = ((state.names && state.names[side]) || '').trim();
  return name && name !== '?' ? name : null;
}

/** A side as the page names it: the player's name, or "Weiß"/"Schwarz". */
export function playerName(state, side) {
  return givenName(state, side) || sideName(side);
}

function playerEntry(state, side) {
  const name = givenName(state, side);
  const entry = name ? t("player-named", { side: sideName(side), name }) : sideName(side);
  return (state.impaired || []).includes(side) ? t("impaired-name", { name: entry }) : entry;
}

export function playersLine(state) {
  return t("players", { white: playerEntry(state, 'white'), black: playerEntry(state, 'black') });
}

/** Whether the page's viewer reads moves in Appendix D words (the visually impaired
 * player), else in notation (SAN in the game's letters). */
function readsWords(state) {
  return state.role === 'player';
}

/** A move for this viewer: its words for the blind player, its notation for others. */
function moveFor(state, m) {
  if (readsWords(state)) return m.words || m.local || m.san || '';
  return m.local || m.san || m.words || '';
}

/** The station's words for this viewer: to a reader of notation (every role but the
 *  blind player's), each move the state names in words is given in its notation
 *  ("Eva fünf." → "e5."), from the state's own pairs of words and notation. */
export function saidFor(state, text) {
  if (readsWords(state)) return text;
  const named = [...(state.moves || []), ...(state.pending ? [state.pending] : []),
                 ...(state.settled ? [state.settled] : [])]
    .filter(m => m.words && (m.local || m.san))
    .sort((a, b) => b.words.length - a.words.length);
  let out = text;
  for (const m of named) {
    const escaped = m.words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    out = out.replace(new RegExp(`(^|[^\\p{L}])${escaped}(?![\\p{L}])`, 'giu'),
                      (_, before) => `${before}${m.local || m.san}`);
  }
  return out;
}

export function roleLine(state) {
  const side = state.colour ? sideName(state.colour) : '';
  switch (state.role) {
    case 'opponent': return t("viewing-as-opponent", { side });
    case 'player': return t("viewing-as-player", { side });
    case 'arbiter': return t("viewing-as-arbiter");
    default: return t("viewing-as-spectator");
  }
}

export function lastMoveText(state) {
  const m = state.moves[state.moves.length - 1];
  if (!m) return t("no-move-yet");
  return t("last-move", { number: m.number, side: playerName(state, m.side),
                          move: moveFor(state, m) });
}

/** The last move as a screen reader is told it, once: who, which, its words (its
 *  notation for a reader of notation). */
export function moveAnnouncement(state) {
  const m = state.moves[state.moves.length - 1];
  if (!m) return '';
  return t("move-announced", { side: playerName(state, m.side), number: m.number,
                               words: moveFor(state, m) });
}

export function turnText(state) {
  if (state.result) return resultText(state.result);
  return t("turn", { side: playerName(state, state.turn) });
}

function resultText(result) {
  if (result.words) return t("result-words", { result: result.pgn, words: result.words });
  const reason = REASONS[result.reason];
  return reason ? t("result-reason", { result: result.pgn, reason: reason() })
                : t("result", { result: result.pgn });
}

function clockFact(clock) {
  if (!clock) return t("no-clock");
  if (clock.started && !clock.paused && clock.running) {
    return t("clock-running-side", { side: sideName(clock.running) });
  }
  return clock.paused ? t("clock-paused") : t("clock-stands");
}

function pendingFact(state, p) {
  const side = playerName(state, p.side);
  const words = p.words || '';
  switch (p.stage) {
    case 'echoed': return words ? t("pending-echoed", { side, words }) : t("pending-sealed", { side });
    case 'which': return t("pending-which", { side });
    case 'resign': return t("pending-resign", { side });
    default: return t("pending-other", { side, words });
  }
}

/** What became of the last announcement, resignation or claim: the station's word. */
export function settledFact(state) {
  const s = state.settled;
  if (!s) return '';
  const side = playerName(state, s.side);
  const move = moveFor(state, s);
  switch (s.fate) {
    case 'made': return t("settled-made", { side, move });
    case 'corrected': return t("settled-corrected", { side, move });
    case 'withdrawn': return t("settled-withdrawn", { side, move });
    case 'resigned': return t("settled-resigned", { side });
    case 'resignation-withdrawn': return t("settled-resignation-withdrawn", { side });
    case 'claim-upheld': return t("settled-claim-upheld", { side });
    case 'claim-refused': return t("settled-claim-refused", { side });
    default: return '';
  }
}

function executedFact(state) {
  // The sighted opponent's page speaks of his own board.
  const yours = state.role === 'opponent';
  if (state.executed === true) return yours ? t("executed-yes-yours") : t("executed-yes");
  if (state.executed === false) {
    return yours ? t("executed-not-yet-yours") : t("executed-not-yet");
  }
  return '';
}

/**
 * The one line under the board: what the station heard and what is pending, in the
 * viewer's words ("Weiß sagt: Eva vier. Noch nicht bestätigt." / "Gezogen: e4. Bitte auf
 * Ihrem Brett ausführen."); the result once the game is over.
 */
export function statusLine(state, connected) {
  if (!connected) return t("status-disconnected");
  if (state.result) return resultText(state.result);
  const p = state.pending;
  const mine = side => state.colour === side;
  if (p && p.stage === 'resign' && mine(p.side)) return t("status-confirm-resign");
  if (p && p.stage === 'echoed' && p.words) {
    return t("status-echoed", { side: playerName(state, p.side), words: p.words });
  }
  if (p) return pendingFact(state, p);
  if (state.draw_offer && !mine(state.draw_offer)) {
    return t("status-draw-offered", { side: playerName(state, state.draw_offer) });
  }
  const last = state.moves[state.moves.length - 1];
  if (state.executed === false && last) {
    const move = moveFor(state, last);
    return state.role === 'opponent' ? t("status-execute", { move })
                                     : t("status-not-executed", { move });
  }
  const settled = settledFact(state);
  const turn = mine(state.turn) ? t("status-your-move") : turnText(state);
  return settled ? `${settled} ${turn}` : turn;
}

function eboardFact(eboard) {
  if (!eboard) return '';
  if (!eboard.connected) return t("eboard-lost");
  return eboard.differs ? t("eboard-differs") : t("eboard-agrees");
}

/** The facts of a state as sentences, in reading order, empty ones left out. */
export function facts(state) {
  return [
    turnText(state),
    clockFact(state.clock),
    state.pending ? pendingFact(state, state.pending) : '',
    settledFact(state),
    executedFact(state),
    eboardFact(state.eboard),
    state.draw_offer ? t("draw-offered", { side: playerName(state, state.draw_offer) }) : '',
    state.adjourned ? t("adjourned") : '',
    state.pages !== undefined && state.pages !== null ? t("pages-open", { pages: state.pages }) : '',
  ].filter(Boolean);
}

/** The move list: one item per move number ("1. e4 e5"), in the game's letters. */
export function moveItems(moves) {
  const items = [];
  for (const m of moves) {
    const text = m.local || m.san;
    const last = items[items.length - 1];
    if (last && last.number === m.number && m.side === 'black') {
      last.text += ` ${text}`;
    } else {
      items.push({ number: m.number,
                   text: m.side === 'black' ? t("move-black-first", { number: m.number, move: text })
                                            : `${m.number}. ${text}` });
    }
  }
  return items.map(i => i.text);
}
