// ansage web page: the entry point. Loads the words, then either the join form (/join) or
// the game: one EventSource on /events, each `state` event rendered whole (seq and epoch on
// <main>; a new epoch reloads the page). While the stream is not open the page says
// "Verbindung getrennt" at once, freezes the clocks and disables every control; it
// reconnects by itself. Each event is announced once, in one live region: the station's
// new messages, or else the new move; the assertive region is emptied once a newer state
// came without anything urgent.
// GPL-3.0-or-later.

import { loadWords, t, fillStatic } from './words.js';
import { probePieces, createBoard } from './board.js';
import { setupClocks, setClock, startTicking, clockSentence, freezeClocks } from './clock.js';
import { showSaid, say, alert, clearAlert, setupPosts, act, postJoin, postLeave } from './live.js';
import { opponentControls, playerControls, actionBar } from './controls.js';
import { arbiterControls } from './arbiter.js';
import { playersLine, roleLine, lastMoveText, turnText, facts, moveItems,
         statusLine, moveAnnouncement, saidFor } from './view.js';

const page = { state: null, board: null, source: null, connected: false, everConnected: false,
               refocus: null, lastMoveKey: null, movesKey: null };
const $ = id => document.getElementById(id);

function li(text, cls) {
  const item = document.createElement('li');
  item.textContent = text;
  if (cls) item.className = cls;
  return item;
}

function navLink(href, text) {
  const a = document.createElement('a');
  a.href = href;
  a.textContent = text;
  const item = li('');
  item.append(a);
  return item;
}

function setupNav(role) {
  const items = [navLink('/game.pgn', t("nav-pgn"))];
  if (role === 'spectator') items.unshift(navLink('/join', t("nav-join")));
  else {
    const leave = document.createElement('button');
    leave.type = 'button';
    leave.textContent = t("nav-leave");
    leave.addEventListener('click', async () => {
      if (await postLeave()) location.reload();
    });
    const item = li('');
    item.append(leave);
    items.push(item);
  }
  $('nav-list').replaceChildren(...items);
}

/** One-key commands on the board and in the keys area: c clock, l last move, s/t turn. */
function onKey(event) {
  if (!page.state) return false;
  const k = event.key.toLowerCase();
  if (k === 'c') say(clockSentence());
  else if (k === 'l') say(lastMoveText(page.state));
  else if (k === 's' || k === 't') say(turnText(page.state));
  else return false;
  return true;
}

function setupKeys() {
  const list = $('keys-list');
  const entry = (keys, text) => {
    const dt = document.createElement('dt');
    dt.textContent = keys;
    const dd = document.createElement('dd');
    dd.textContent = text;
    list.append(dt, dd);
  };
  entry('c', t("keys-c"));
  entry('l', t("keys-l"));
  entry('s, t', t("keys-s"));
  entry('← ↑ → ↓', t("keys-arrows"));
  $('keys-area').addEventListener('keydown', event => {
    if (!event.altKey && !event.ctrlKey && !event.metaKey && onKey(event)) event.preventDefault();
  });
  $('keys').hidden = false;
}

/** Why this browser lost its role, kept across the reload that follows. */
const LOST_KEY = 'ansage-lost';

function lostText(lost) {
  if (lost === 'revoked') return t("lost-revoked");
  if (lost === 'unknown') return t("lost-unknown");
  return '';
}

function controlsFor(role) {
  if (role === 'opponent') return opponentControls();
  if (role === 'player') return playerControls();
  if (role === 'arbiter') return arbiterControls();
  return [];
}

/** Builds the page for the role of the first state. */
function setupRole(state) {
  const role = state.role;
  document.body.dataset.role = role;
  setupNav(role);
  setupClocks(state.colour || 'white', state.names || {});
  page.board = createBoard($('board'), {
    interactive: role !== 'spectator',
    canMove: () => page.connected && page.state.can.includes('move'),
    onMove: uci => act({ kind: 'move', uci }),
    onKey,
  });
  const controls = controlsFor(role);
  if (controls.length) {
    $('controls-body').replaceChildren(...controls);
    $('controls').hidden = false;
    $('action-bar').replaceChildren(...actionBar(role));
    // The one-key commands are for a keyboard at the station's side, not a phone.
    if (role !== 'opponent') setupKeys();
  }
  const lost = sessionStorage.getItem(LOST_KEY) || state.lost;
  sessionStorage.removeItem(LOST_KEY);
  if (role === 'spectator' && lost) alert(lostText(lost));
  if (role === 'player') $('game').insertBefore($('side'), $('board-col'));
  $('game').hidden = false;
}

function allowed(can, name) {
  if (name === 'invite') return page.state.role === 'arbiter' || can.includes('invite');
  return can.includes(name) || (name.startsWith('key-') && can.includes('key'));
}

function updateControls(state) {
  for (const body of [$('controls-body'), $('action-bar')]) {
    for (const c of body.querySelectorAll('[data-can]')) {
      c.hidden = !allowed(state.can, c.dataset.can);
    }
    for (const g of body.querySelectorAll('.group')) {
      g.hidden = ![...g.querySelectorAll('[data-can]')].some(c => !c.hidden);
    }
  }
  const bar = $('action-bar');
  bar.hidden = ![...bar.querySelectorAll('[data-can]')].some(c => !c.hidden);
}

/** Writes the texts of a state; answers the new move's text if a move came. */
function renderTexts(state) {
  $('players').textContent = playersLine(state);
  $('role-line').textContent = roleLine(state);
  $('status-line').textContent = statusLine(state, page.connected);
  $('facts').replaceChildren(...facts(state).map(f => li(f)));
  const last = state.moves[state.moves.length - 1];
  const lastKey = `${state.moves.length}:${last ? last.uci : ''}`;
  let moved = null;
  if (lastKey !== page.lastMoveKey) {
    const first = page.lastMoveKey === null;
    page.lastMoveKey = lastKey;
    $('last-move').textContent = lastMoveText(state);
    if (!first && last) moved = moveAnnouncement(state);
  }
  const movesKey = state.moves.map(m => m.uci).join(' ');
  if (movesKey !== page.movesKey) {
    page.movesKey = movesKey;
    $('move-list').replaceChildren(...moveItems(state.moves).map(m => li(m)));
  }
  return moved;
}

/**
 * One announcement per event: the station's new messages, with the new move first when
 * they do not name it already; the assertive region emptied when nothing urgent came.
 */
function announce(state, moved, news) {
  if (!news.urgent) clearAlert();
  const last = state.moves[state.moves.length - 1];
  const named = last && news.polite.some(text =>
    [last.words, last.local, last.san].some(m => m && text.includes(m)));
  const parts = moved && !named ? [moved, ...news.polite] : news.polite;
  if (parts.length) say(parts.map(sentence).join(' '));
}

/** A part of an announcement as a sentence of its own: ends with its mark, else a full
 *  stop, so that a screen reader pauses between "Eva fünf." and "Zug 2." */
function sentence(text) {
  const trimmed = text.trim();
  return /[.!?…:]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** Renders a whole state (from the stream, or the fresh one of a 409). */
function render(state) {
  if (page.state && state.epoch !== page.state.epoch) { location.reload(); return; }
  if (page.state && state.role !== page.state.role) {
    if (state.lost) sessionStorage.setItem(LOST_KEY, state.lost);
    location.reload();
    return;
  }
  if (page.state && state.seq < page.state.seq) return;
  const first = !page.state;
  if (first) setupRole(state);
  const newer = !first && state.seq > page.state.seq;
  page.state = state;
  document.documentElement.lang = state.lang || document.documentElement.lang;
  page.board.update(state);
  setClock(state.clock, state.sent_ms);
  const moved = renderTexts(state);
  updateControls(state);
  const news = showSaid(state.said || [], text => saidFor(state, text));
  if (newer) announce(state, moved, news);
  applyConnected();
  const main = $('main');
  main.dataset.epoch = state.epoch;
  main.dataset.seq = String(state.seq);
}

/** Enables the controls only while the stream is open; the focus comes back after. */
function applyConnected() {
  const controls = document.querySelectorAll('main button, main input, main select, nav button');
  if (!page.connected && document.activeElement && document.activeElement !== document.body) {
    page.refocus = document.activeElement;
  }
  for (const c of controls) c.disabled = !page.connected;
  if (page.connected && page.refocus && document.activeElement === document.body) {
    page.refocus.focus();
    page.refocus = null;
  }
}

function setConnected(on) {
  if (on === page.connected) return;
  page.connected = on;
  $('conn').hidden = on;
  $('conn').textContent = on ? '' : t("disconnected");
  freezeClocks(!on);
  if (page.state) $('status-line').textContent = statusLine(page.state, on);
  if (!on) alert(t("disconnected"));
  else if (page.everConnected) { clearAlert(); say(t("reconnected")); }
  page.everConnected = page.everConnected || on;
  applyConnected();
}

function connect() {
  if (page.source) page.source.close();
  const source = new EventSource('/events');
  page.source = source;
  source.addEventListener('state', event => {
    if (source !== page.source) return;
    render(JSON.parse(event.data));
    setConnected(true);
  });
  source.addEventListener('error', () => {
    if (source !== page.source) return;
    setConnected(false);
    if (source.readyState === EventSource.CLOSED) setTimeout(connect, 250);
  });
}

/** Notices a stream that is not open, also when no error event came (sleep, tab hidden). */
function watch() {
  setInterval(() => {
    if (page.source && page.source.readyState !== EventSource.OPEN) setConnected(false);
  }, 250);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible') return;
    if (!page.source || page.source.readyState !== EventSource.OPEN) connect();
  });
}

function startJoin() {
  $('nav-list').replaceChildren(navLink('/', t("nav-game")));
  $('join').hidden = false;
  $('main').dataset.seq = '0';
  $('join-form').addEventListener('submit', async event => {
    event.preventDefault();
    const code = $('join-code').value.trim();
    if (await postJoin(code)) location.assign('/');
    else $('join-code').focus();
  });
  // An invitation's address (its QR code) carries the code: filled in, and sent.
  const invited = /^#code=(\d{6})$/.exec(location.hash);
  if (invited) {
    history.replaceState(null, '', location.pathname);
    $('join-code').value = invited[1];
    $('join-form').requestSubmit();
  }
}

async function start() {
  try {
    await loadWords();
  } catch (e) {
    setTimeout(start, 1000);
    return;
  }
  fillStatic(document);
  document.title = t("page-title");
  document.documentElement.lang = t("lang");
  if (/\/join\/?$/.test(location.pathname)) { startJoin(); return; }
  $('join').remove();
  await probePieces();
  setupPosts(() => (page.state ? page.state.seq : 0), render);
  startTicking();
  $('conn').textContent = t("connecting");
  $('conn').hidden = false;
  connect();
  watch();
}

start();
