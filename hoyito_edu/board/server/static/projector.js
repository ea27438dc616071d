// The projector's page: the class code in large letters, the QR code and the join address, the
// standings and the last results with pseudonyms only (no student's name ever reaches this
// page), and the position the teacher shows to the class. It only looks: over the teacher's
// WebSocket it sends its own key (not the teacher's), and nothing else.
import board from "/static/board.js";
import { SocketModel } from "/static/model.js";

const data = JSON.parse(document.getElementById("words").textContent);
const W = data.words;
const app = document.getElementById("app");
app.classList.add("projector");

function el(tag, attrs = {}, parent = null, text = "") {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== "") node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

// The key comes after "#" (the teacher's page opens this page so); it is kept for this tab
// only and taken out of the address at once: the projected address bar shows no key.
const KEY = "hoyito-projector-key";
let key = "";
try { key = decodeURIComponent(location.hash.slice(1)); } catch (error) { key = location.hash.slice(1); }
try {
  if (key) sessionStorage.setItem(KEY, key); else key = sessionStorage.getItem(KEY) || "";
} catch (error) { /* storage refused: this page only */ }
if (location.hash) history.replaceState(null, "", location.pathname + location.search);

const notice = el("p", { class: "class-notice", role: "alert" }, app);
const screen = el("div", { class: "projector-screen" }, app);
const join = el("section", { class: "projector-join" }, screen);
el("h1", { class: "projector-title" }, join, W.title);
el("p", { class: "projector-line" }, join, W.join_line.replace("{address}", data.joins[0] || ""));
el("p", { class: "projector-code-label" }, join, W.code);
const code = el("p", { class: "projector-code" }, join);
el("img", { src: "/qr.svg", alt: data.joins[0] || "", class: "projector-qr" }, join);
const online = el("p", { class: "projector-online" }, join);

const side = el("section", { class: "projector-side" }, screen);
el("h2", {}, side, W.standings);
const table = el("table", { class: "projector-standings" }, side);
const head = el("tr", {}, el("thead", {}, table));
for (const word of [W.rank, W.student, W.won, W.drawn, W.lost]) el("th", { scope: "col" }, head, word);
const rows = el("tbody", {}, table);
const more = el("p", { class: "projector-more" }, side);
el("h2", {}, side, W.recent);
const recent = el("ol", { class: "projector-recent" }, side);
el("p", { class: "projector-note" }, side, W.names_note);

// The position the teacher shows the class: the board's own page, only shown.
const discuss = el("section", { class: "projector-discuss", hidden: "" }, app);
const discussText = el("h2", { class: "projector-discuss-text" }, discuss);
const discussHost = el("div", { class: "class-board" }, discuss);
let discussBoard = null;

// How many standings fit: the projector is read from the back of the room, never scrolled.
function fitting() {
  return Math.max(3, Math.floor((window.innerHeight - 380) / 44));
}

function level(name) {
  return W.computer.replace("{level}", data.levels[name] || name);
}

function draw(message) {
  setText(code, message.code.match(/.{1,3}/g).join(" "));
  setText(online, W.online.replace("{count}", String(message.online)).replace("{games}", String(message.playing)));
  notice.textContent = message.paused ? W.paused : "";
  rows.textContent = "";
  const shown = message.standings.slice(0, fitting());
  if (!shown.length) el("td", { colspan: "5" }, el("tr", {}, rows), W.nobody);
  shown.forEach(([pseudonym, won, drawn, lost], k) => {
    const row = el("tr", {}, rows);
    for (const value of [k + 1, pseudonym, won, drawn, lost]) el("td", {}, row, String(value));
  });
  const hidden = message.standings.length - shown.length;
  setText(more, hidden > 0 ? W.more.replace("{count}", String(hidden)) : "");
  recent.textContent = "";
  if (!message.recent.length) el("li", {}, recent, W.no_results);
  for (const r of message.recent) {
    const north = r.computer ? level(r.computer) : r.north;
    const winner = r.winner === null ? W.draw : r.winner === 0 ? r.south : north;
    el("li", {}, recent, `${r.south} – ${north}: ${r.score[0]}–${r.score[1]} (${winner})`);
  }
}

function showDiscussion(message) {
  if (discussBoard) discussBoard();
  discussBoard = null;
  discussHost.textContent = "";
  if (!message.view) {
    discuss.hidden = true;
    screen.hidden = false;
    return;
  }
  discussText.textContent = W.discuss; // the phones' words speak to each student
  const model = new SocketModel(() => {}); // nothing to send: the board is only shown
  model.receive({ type: "set", name: "texts", value: message.texts });
  model.receive({ type: "set", name: "view", value: message.view });
  screen.hidden = true;
  discuss.hidden = false;
  const stop = board.render({ model, el: discussHost });
  discussBoard = () => { if (typeof stop === "function") stop(); };
}

function askKey() {
  const form = el("form", { class: "class-join" }, app);
  const label = el("label", {}, form, W.key);
  const input = el("input", { name: "key", autocomplete: "off", required: "" }, label);
  el("button", { type: "submit" }, form, W.open);
  form.onsubmit = (event) => {
    event.preventDefault();
    key = input.value.trim();
    try { sessionStorage.setItem(KEY, key); } catch (error) { /* this page only */ }
    form.remove();
    ws.send(JSON.stringify({ type: "projector", key, lang: data.lang }));
  };
}

let ws = null;
function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${scheme}://${location.host}/ws/teacher`);
  ws.onopen = () => {
    if (key) ws.send(JSON.stringify({ type: "projector", key, lang: data.lang }));
    else askKey();
  };
  ws.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "projector") draw(message);
    else if (message.type === "discuss") showDiscussion(message);
    else if (message.type === "refused") {
      notice.textContent = message.text;
      key = "";
      try { sessionStorage.removeItem(KEY); } catch (error) { /* nothing kept */ }
      if (!app.querySelector("form")) askKey();
    }
  };
  ws.onclose = () => { ws = null; setTimeout(connect, 1000); };
}
connect();
