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

function nameOf(state, side) {
  const name = (state.names && state.names[side]) || sideName(side);
  return (state.impaired || []).includes(side) ? t("impaired-name", { name }) : name;
}

export function playersLine(state) {
  return t("players", { white: nameOf(state, 'white'), black: nameOf(state, 'black') });
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
  return t("last-move", { number: m.number, side: sideName(m.side), move: m.local || m.san,
                          words: m.words || '' });
}

export function turnText(state) {
  if (state.result) return resultText(state.result);
  return t("turn", { side: sideName(state.turn) });
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

function pendingFact(p) {
  const side = sideName(p.side);
  const words = p.words || '';
  const move = p.san || '';
  switch (p.stage) {
    case 'echoed': return t("pending-echoed", { side, words, move });
    case 'which': return t("pending-which", { side });
    case 'resign': return t("pending-resign", { side });
    default: return t("pending-other", { side, words });
  }
}

function announcementFact(a) {
  const side = sideName(a.side);
  const words = a.words || '';
  switch (a.stage) {
    case 'made': return t("announcement-made", { side, words });
    case 'corrected': return t("announcement-corrected", { side, words });
    case 'withdrawn': return t("announcement-withdrawn", { side, words });
    default: return '';
  }
}

function executedFact(executed) {
  if (executed === true) return t("executed-yes");
  if (executed === false) return t("executed-not-yet");
  return '';
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
    state.pending ? pendingFact(state.pending) : '',
    state.announcement ? announcementFact(state.announcement) : '',
    executedFact(state.executed),
    eboardFact(state.eboard),
    state.draw_offer ? t("draw-offered", { side: sideName(state.draw_offer) }) : '',
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
