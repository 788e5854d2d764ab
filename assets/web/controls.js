// ansage web page: the controls of a role (opponent, player, arbiter), built once and shown
// or hidden on each state by its `can` list (what the role may do in this situation). A
// spectator gets none at all. The action bar under the board holds the few the situation
// calls for (executed, yes/no, a draw to answer, the clock); the rest follows below.
// Irreversible actions (resign, end, take back, take back to, revoke access) ask first,
// once: the second step posts the seq the first one showed, and a resignation or an
// ending so confirmed is not asked again by the station.
// GPL-3.0-or-later.

import { t, sideName } from './words.js';
import { act, currentSeq } from './live.js';

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** A button with `text`; `can` is the name in state.can that shows it. */
function button(text, can, onClick) {
  const b = el('button', null, text);
  b.type = 'button';
  if (can) b.dataset.can = can;
  b.addEventListener('click', onClick);
  return b;
}

let groupCount = 0;
/** A titled group of controls (a <div role=group> with an <h3>). */
function group(title, children) {
  const id = `group-${++groupCount}`;
  const g = el('div', 'group');
  g.setAttribute('role', 'group');
  g.setAttribute('aria-labelledby', id);
  const h = el('h3', null, title);
  h.id = id;
  const row = el('div', 'row');
  row.append(...children);
  g.append(h, row);
  return g;
}

let fieldCount = 0;
/** A labelled text field; answers [label, input]. */
function field(labelText, attrs = {}) {
  const input = el('input');
  input.id = `field-${++fieldCount}`;
  Object.assign(input, { type: 'text', autocomplete: 'off' }, attrs);
  const label = el('label', null, labelText);
  label.htmlFor = input.id;
  return [label, input];
}

/** A form with the given parts that calls `onSubmit(form)` on submit. */
function form(can, parts, onSubmit) {
  const f = el('form', 'row');
  f.dataset.can = can;
  f.append(...parts);
  f.addEventListener('submit', event => { event.preventDefault(); onSubmit(f); });
  return f;
}

function submit(text) {
  const b = el('button', null, text);
  b.type = 'submit';
  return b;
}

function sideSelect(labelText) {
  const select = el('select');
  select.id = `field-${++fieldCount}`;
  for (const side of ['white', 'black']) {
    const o = el('option', null, sideName(side));
    o.value = side;
    select.append(o);
  }
  const label = el('label', null, labelText);
  label.htmlFor = select.id;
  return [label, select];
}

/** "m:ss", "h:mm:ss" or whole minutes → milliseconds; null when it is none of these. */
export function parseClock(text) {
  const parts = text.trim().split(':');
  if (!parts.every(p => /^\d+$/.test(p)) || parts.length > 3) return null;
  const n = parts.map(Number);
  if (n.length > 1 && n.slice(1).some(x => x > 59)) return null;
  const seconds = n.length === 1 ? n[0] * 60 : n.reduce((acc, x) => acc * 60 + x, 0);
  return seconds * 1000;
}

/** Asks before an irreversible action; the answer posts the seq shown at the question. */
function confirmStep(what, makeAction) {
  const seq = currentSeq();
  const box = document.getElementById('confirm');
  const back = document.activeElement;
  const close = () => { box.hidden = true; box.replaceChildren(); if (back) back.focus(); };
  const yes = button(t("confirm-yes", { what }), null, () => {
    const action = makeAction();
    close();
    if (action) act(action, seq);
  });
  const no = button(t("confirm-no"), null, close);
  no.classList.add('secondary');
  box.replaceChildren(el('p', null, t("confirm-question", { what })), yes, no);
  box.hidden = false;
  yes.focus();
}

function command(text, name) {
  return button(text, name, () => act({ kind: 'command', command: name }));
}

/** The commands the station itself would ask to confirm: posted as confirmed. */
const STATION_ASKS = ['resign', 'end'];

function confirmed(text, name) {
  const action = STATION_ASKS.includes(name)
    ? { kind: 'command', command: name, confirmed: true }
    : { kind: 'command', command: name };
  return button(text, name, () => confirmStep(text, () => action));
}

function key(text, name) {
  return button(text, `key-${name}`, () => act({ kind: 'key', key: name }));
}

/** The text field for a move or a console line; it keeps the focus after sending. */
function lineForm(labelText) {
  const [label, input] = field(labelText, { name: 'line', enterKeyHint: 'send' });
  return form('line', [label, input, submit(t("send"))], async () => {
    const text = input.value.trim();
    if (!text) return;
    input.focus();
    const done = await act({ kind: 'line', text });
    if (done) input.value = '';
    input.focus();
  });
}

function answerKeys(all) {
  const keys = [key(t("key-repeat"), 'repeat'), key(t("key-time"), 'time'),
                key(t("key-help"), 'help'), key(t("key-stop"), 'stop')];
  if (all) keys.unshift(key(t("key-confirm"), 'confirm'), key(t("key-cancel"), 'cancel'));
  if (all) keys.push(key(t("key-start"), 'start'), key(t("key-pause"), 'pause'),
                     key(t("key-resume"), 'resume'));
  return keys;
}

function gameCommands() {
  return [command(t("cmd-offer-draw"), 'offer-draw'), command(t("cmd-claim-draw"), 'claim-draw'),
          confirmed(t("cmd-resign"), 'resign')];
}

/** The few actions under the board that the situation calls for, by role. */
function actionBar(role) {
  const answer = [command(t("cmd-yes"), 'yes'), command(t("cmd-no"), 'no')];
  const draw = [command(t("cmd-accept-draw"), 'accept-draw'),
                command(t("cmd-decline-draw"), 'decline-draw')];
  const heading = el('h3', 'sr-only', t("action-bar-heading"));
  heading.id = 'action-bar-h';
  if (role === 'opponent') {
    return [heading, command(t("cmd-executed"), 'executed'), ...answer, ...draw];
  }
  if (role === 'arbiter') {
    return [heading, command(t("cmd-start"), 'start'), command(t("cmd-pause"), 'pause'),
            command(t("cmd-resume"), 'resume'), ...answer];
  }
  if (role === 'player') return [heading, ...answer, ...draw];
  return [];
}

function opponentControls() {
  return [
    lineForm(t("move-field-label")),
    group(t("group-game"), gameCommands()),
    group(t("group-keys"), answerKeys(false)),
  ];
}

function playerControls() {
  return [
    lineForm(t("line-field-label")),
    group(t("group-keys"), answerKeys(true)),
    group(t("group-game"), gameCommands()),
  ];
}

export { el, button, group, field, form, submit, sideSelect, command, confirmed, key,
         confirmStep, lineForm, answerKeys };
export { opponentControls, playerControls, actionBar };
