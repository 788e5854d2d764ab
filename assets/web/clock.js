// ansage web page: the two clocks. Each event carries the station's reading (white_ms,
// black_ms at at_ms, sent at sent_ms); between events the running clock is counted down
// from the moment the event arrived, and every event snaps both clocks back to the
// station's values. Which clock runs, and "Uhr steht", are written out, not coloured only.
// GPL-3.0-or-later.

import { t, sideName } from './words.js';

let reading = null;   // {clock, sent, arrived}
let frozenAt = null;  // performance.now() when the station became unreachable
let boxes = {};       // side → {box, time, state, moves}

/** m:ss, or h:mm:ss from an hour on; tenths under ten seconds. */
export function formatMs(ms) {
  const tenths = Math.floor(ms / 100);
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor(total / 60) % 60;
  const s = String(total % 60).padStart(2, '0');
  if (h > 0) return `${h}:${String(m).padStart(2, '0')}:${s}`;
  if (ms < 10000) return `${m}:${s}.${tenths % 10}`;
  return `${m}:${s}`;
}

/**
 * While the station cannot be reached the clocks stand at what they showed then (the
 * page cannot know what the station's clocks do); the next state sets them again.
 */
export function freezeClocks(on) {
  if (on && frozenAt === null) frozenAt = performance.now();
  if (!on) frozenAt = null;
  for (const side of ['white', 'black']) paintSide(side, true);
}

/** The side whose clock counts down now, or null. */
export function runningSide() {
  const c = reading && reading.clock;
  return c && c.started && !c.paused && c.running ? c.running : null;
}

/** A side's remaining time now, in milliseconds. */
export function remaining(side) {
  const c = reading.clock;
  let ms = c[`${side}_ms`];
  if (runningSide() === side) {
    const now = frozenAt === null ? performance.now() : frozenAt;
    ms -= (reading.sent - c.at_ms) + (now - reading.arrived);
  }
  return Math.max(0, ms);
}

function makeBox(box, side, names) {
  box.replaceChildren();
  box.dataset.side = side;
  const who = document.createElement('p');
  who.className = 'clock-who';
  const name = (names[side] || '').trim();
  who.textContent = name && name !== '?' ? t("clock-of", { side: sideName(side), name })
                                         : sideName(side);
  const time = document.createElement('p');
  time.className = 'clock-time';
  const state = document.createElement('p');
  state.className = 'clock-state';
  const moves = document.createElement('p');
  moves.className = 'clock-moves';
  box.append(who, time, state, moves);
  return { box, time, state, moves };
}

/** Lays out the clocks: the bottom side's clock under the board. */
export function setupClocks(bottom, names) {
  const top = bottom === 'white' ? 'black' : 'white';
  boxes = {
    [top]: makeBox(document.getElementById('clock-top'), top, names),
    [bottom]: makeBox(document.getElementById('clock-bottom'), bottom, names),
  };
}

/** Takes the station's reading from a state event. */
export function setClock(clock, sentMs) {
  reading = clock ? { clock, sent: sentMs, arrived: performance.now() } : null;
  frozenAt = null;
  for (const side of ['white', 'black']) paintSide(side, true);
}

function paintSide(side, full) {
  const b = boxes[side];
  if (!b) return;
  const text = reading ? formatMs(remaining(side)) : '–';
  if (b.time.textContent !== text) b.time.textContent = text;
  if (!full) return;
  const runs = runningSide() === side;
  b.box.classList.toggle('running', runs);
  const other = !runs && runningSide() !== null;
  b.state.textContent = !reading ? t("no-clock") : frozenAt !== null ? t("clock-unknown")
    : runs ? t("clock-runs") : other ? '' : t("clock-stands");
  b.moves.textContent = reading
    ? t("clock-moves", { moves: reading.clock[`${side}_moves`] ?? 0 }) : '';
}

/** The sentence for the status list and the "c" key: which clock runs, or that it stands. */
export function clockSentence() {
  if (!reading) return t("no-clock");
  const times = t("clocks-both", { white: formatMs(remaining('white')),
                                   black: formatMs(remaining('black')) });
  const side = runningSide();
  const state = side ? t("clock-running-side", { side: sideName(side) }) : t("clock-stands");
  return `${times} ${state}`;
}

/** Redraws the running clock ten times a second (not while frozen). */
export function startTicking() {
  setInterval(() => {
    const side = runningSide();
    if (side && frozenAt === null) paintSide(side, false);
  }, 100);
}
