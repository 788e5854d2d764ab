// ansage web page: the live regions and the posts to the station. Polite news goes to the
// role=status region, urgent news and errors to the assertive one; an identical text is
// re-read by adding or dropping a trailing space (as lichess's blind mode does). Every
// action posts the seq of the state the page shows; a refusal is explained in words.
// GPL-3.0-or-later.

import { t } from './words.js';

/** Puts `text` into a live region so that it is read even when it repeats. */
function speak(region, text) {
  const same = region.dataset.last === text;
  region.dataset.last = text;
  region.textContent = same && !region.textContent.endsWith(' ') ? `${text} ` : text;
}

export function say(text) {
  speak(document.getElementById('said'), text);
}

export function alert(text) {
  speak(document.getElementById('alert'), text);
}

/** Empties the assertive region: what it said no longer holds. */
export function clearAlert() {
  const region = document.getElementById('alert');
  region.dataset.last = '';
  region.textContent = '';
}

let seenSaid = null;  // the highest `n` of the messages already shown

/**
 * The station's messages for this role, all listed, each as `shown` gives it (a move in
 * notation for a sighted reader); urgent new ones go to the assertive region at once.
 * Answers the polite new ones' texts, for the page to announce once with whatever else
 * the event brought, and whether an urgent one came.
 */
export function showSaid(given, shown = text => text) {
  const said = given.map(m => ({ ...m, text: shown(m.text) }));
  const list = document.getElementById('message-list');
  list.replaceChildren(...said.slice().reverse().map(m => {
    const li = document.createElement('li');
    li.textContent = m.text;
    if (m.urgent || m.error) li.className = 'urgent';
    return li;
  }));
  const newest = said.reduce((n, m) => Math.max(n, m.n), -1);
  if (seenSaid === null) { seenSaid = newest; return { polite: [], urgent: false }; }
  const fresh = said.filter(m => m.n > seenSaid);
  seenSaid = Math.max(seenSaid, newest);
  const urgent = fresh.filter(m => m.urgent || m.error);
  if (urgent.length) alert(urgent.map(m => m.text).join(' '));
  return { polite: fresh.filter(m => !m.urgent && !m.error).map(m => m.text),
           urgent: urgent.length > 0 };
}

let shownSeq = () => 0;
let onFresh = () => {};

/** Where the posts take their seq from, and what renders a fresh state after a 409. */
export function setupPosts(seqOf, renderFresh) {
  shownSeq = seqOf;
  onFresh = renderFresh;
}

async function post(url, body) {
  let answer;
  try {
    answer = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch (e) {
    alert(t("post-failed"));
    return null;
  }
  const data = await answer.json().catch(() => ({}));
  if (answer.ok) return data;
  if (answer.status === 409 && data.state) {
    onFresh(data.state);
    alert(t("stale-refused"));
  } else {
    alert(data.message || t("request-failed", { status: answer.status }));
  }
  return null;
}

/** The seq of the state the page shows now. */
export function currentSeq() {
  return shownSeq();
}

/** Posts an action; `seq` defaults to the shown state's. Answers the reply or null. */
export function act(action, seq) {
  return post('/api/act', { seq: seq ?? shownSeq(), action });
}

export function postJoin(code) {
  return post('/api/join', { code });
}

export function postInvite(role) {
  return post('/api/invite', { role });
}

export function postLeave() {
  return post('/api/leave', {});
}
