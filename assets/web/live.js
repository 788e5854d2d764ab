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

let seenSaid = null;  // the highest `n` of the messages already shown

/** The station's messages for this role: new ones are announced, all are listed. */
export function showSaid(said) {
  const list = document.getElementById('message-list');
  list.replaceChildren(...said.slice().reverse().map(m => {
    const li = document.createElement('li');
    li.textContent = m.text;
    if (m.urgent || m.error) li.className = 'urgent';
    return li;
  }));
  const newest = said.reduce((n, m) => Math.max(n, m.n), -1);
  if (seenSaid === null) { seenSaid = newest; return; }
  const fresh = said.filter(m => m.n > seenSaid);
  seenSaid = Math.max(seenSaid, newest);
  for (const m of fresh.filter(m => m.urgent || m.error)) alert(m.text);
  const polite = fresh.filter(m => !m.urgent && !m.error);
  if (polite.length) say(polite.map(m => m.text).join(' '));
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
