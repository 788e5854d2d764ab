// ansage web page: the arbiter's (or assistant's, FIDE Laws D.2.9, D.2.10) controls: the
// clock, time and move count per side, the 7.5 penalty, take-backs (D.2.8), adjourning,
// ending, revoking access, and inviting another person with a one-time code and QR code.
// GPL-3.0-or-later.

import { t, sideName } from './words.js';
import { act, alert, postInvite } from './live.js';
import { el, button, group, field, form, submit, sideSelect, command, confirmed,
         confirmStep, lineForm, answerKeys, parseClock } from './controls.js';

/** Posts a clock action for `side` when the field holds a time; says so when not. */
function timeAction(input, make) {
  const ms = parseClock(input.value);
  if (ms === null) { alert(t("time-invalid")); input.focus(); return; }
  act(make(ms)).then(done => { if (done) input.value = ''; });
}

function sideGroup(side) {
  const name = sideName(side);
  const [setLabel, setInput] = field(t("set-clock-label"), { inputMode: 'numeric' });
  const setForm = form('set-clock', [setLabel, setInput, submit(t("set-clock-submit"))],
    () => timeAction(setInput, ms => ({ kind: 'set-clock', side, ms })));
  const [addLabel, addInput] = field(t("add-time-label"), { inputMode: 'numeric' });
  const addForm = form('add-time', [addLabel, addInput, submit(t("add-time-submit"))],
    () => timeAction(addInput, ms => ({ kind: 'add-time', side, ms })));
  const add = minutes => button(t("add-minutes", { minutes }), 'add-time',
    () => act({ kind: 'add-time', side, ms: minutes * 60000 }));
  const [movesLabel, movesInput] = field(t("set-moves-label"),
    { type: 'number', min: 0, inputMode: 'numeric' });
  const movesForm = form('set-moves', [movesLabel, movesInput, submit(t("set-moves-submit"))],
    () => {
      const moves = Number(movesInput.value);
      if (movesInput.value === '' || !Number.isInteger(moves) || moves < 0) {
        alert(t("moves-invalid"));
        return;
      }
      act({ kind: 'set-moves', side, moves });
    });
  const penalty = button(t("penalty", { side: name }), 'penalty',
    () => act({ kind: 'penalty', offender: side }));
  const g = group(t("group-side", { side: name }),
    [add(1), add(2), setForm, addForm, movesForm, penalty]);
  g.classList.add('side-group');
  return g;
}

function takeBackToForm() {
  const [numLabel, numInput] = field(t("take-back-to-number"),
    { type: 'number', min: 1, inputMode: 'numeric' });
  const [sideLabel, sideInput] = sideSelect(t("take-back-to-side"));
  const what = t("cmd-take-back-to");
  return form('take-back-to', [numLabel, numInput, sideLabel, sideInput, submit(what)], () => {
    const number = Number(numInput.value);
    if (!Number.isInteger(number) || number < 1) { alert(t("moves-invalid")); return; }
    const text = t("take-back-to-what", { number, side: sideName(sideInput.value) });
    confirmStep(text, () => ({ kind: 'take-back-to', number, side: sideInput.value }));
  });
}

function qrImage(svg, role) {
  const img = el('img', 'qr');
  const bytes = new TextEncoder().encode(svg);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  img.src = `data:image/svg+xml;base64,${btoa(binary)}`;
  img.alt = t("invite-qr-alt", { role });
  return img;
}

function showInvite(out, answer, roleName) {
  const code = el('p', 'invite-code', t("invite-code", { code: answer.code }));
  const url = el('p', 'invite-url', t("invite-url", { url: answer.url }));
  const expires = el('p', null, t("invite-expires", { seconds: answer.expires_s }));
  out.replaceChildren(el('h4', null, t("invite-for", { role: roleName })), code, url,
                      qrImage(answer.qr_svg, roleName), expires);
  out.hidden = false;
}

function inviteGroup() {
  const out = el('div', 'invite-out');
  out.hidden = true;
  out.setAttribute('aria-live', 'polite');
  const invite = (role, roleName) => button(roleName, 'invite', async () => {
    const answer = await postInvite(role);
    if (answer) showInvite(out, answer, roleName);
  });
  const g = group(t("group-invite"), [invite('opponent', t("role-opponent")),
                                       invite('player', t("role-player")),
                                       invite('arbiter', t("role-arbiter"))]);
  g.append(out);
  return g;
}

export function arbiterControls() {
  return [
    lineForm(t("line-field-label")),
    sideGroup('white'),
    sideGroup('black'),
    group(t("group-take-back"), [confirmed(t("cmd-take-back"), 'take-back'), takeBackToForm()]),
    group(t("group-game"), [command(t("cmd-adjourn"), 'adjourn'),
                            command(t("cmd-resume-adjourned"), 'resume-adjourned'),
                            confirmed(t("cmd-end"), 'end'),
                            confirmed(t("cmd-revoke-access"), 'revoke-access')]),
    group(t("group-keys"), answerKeys(true)),
    inviteGroup(),
  ];
}
