// The students' page: join by class code and name, choose whom to play, play on the
// package's own board (board.js) through a SocketModel. The session token is kept in this
// browser, so a reload, a closed tab or a phone asleep comes back to the same game.
import board from "/static/board.js";
import { SocketModel } from "/static/model.js";

const data = JSON.parse(document.getElementById("words").textContent);
const W = data.words;
const lang = data.lang;
const app = document.getElementById("app");
const TOKEN = "hoyito-class-token";
const REMOVED = "hoyito-class-removed"; // the token of a student the teacher took out

function el(tag, attrs = {}, parent = null, text = "") {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

const top = el("header", { class: "class-top" }, app);
const hello = el("span", { class: "class-hello" }, top);
const other = el("a", { class: "class-lang", href: `?lang=${lang === "es" ? "en" : "es"}` }, top, W.other_language);
const BOOK = lang === "es" ? "/libro/" : "/book/";
const bookLink = el("a", { class: "class-book-link", href: `${BOOK}${lang}/index.html` }, top, W.book);
const notice = el("p", { class: "class-notice", role: "alert" }, app);
const status = el("p", { class: "class-status", role: "status" }, app, W.connecting);
const screen = el("section", { class: "class-screen" }, app);

// The book, in a panel over the page: the class's connection stays open underneath, so the
// teacher can send the phone to another page, or back to the board.
const bookPanel = el("section", { class: "class-book", hidden: "" }, document.body);
const bookBar = el("div", { class: "class-book-bar" }, bookPanel);
const bookBack = el("button", { type: "button", class: "class-book-back" }, bookBar, W.board);
const bookFrame = el("iframe", { class: "class-book-frame", title: W.book_title }, bookPanel);

function showBook(address) {
  if (bookFrame.getAttribute("src") !== address) bookFrame.setAttribute("src", address);
  bookPanel.hidden = false;
  app.setAttribute("aria-hidden", "true");
}

function hideBook() {
  bookPanel.hidden = true;
  app.removeAttribute("aria-hidden");
}

bookBack.onclick = hideBook;

// A position the teacher shows the class, over everything: the board's own page, only shown
// (nothing to tap). The student's game stays underneath, kept up to date, and comes back as
// it was when the teacher lets the phones go. The panel is there only while it is shown.
let discussPanel = null;
let discussBoard = null;
let pseudonym = ""; // "On the projector you are S03.", after the greeting

function showDiscussion(message) {
  if (discussBoard) discussBoard();
  discussBoard = null;
  if (discussPanel) discussPanel.remove();
  discussPanel = null;
  if (!message.view) {
    if (bookPanel.hidden) app.removeAttribute("aria-hidden");
    else bookPanel.removeAttribute("aria-hidden");
    return;
  }
  discussPanel = el("section", { class: "class-discuss", role: "dialog", "aria-labelledby": "class-discuss-text" }, document.body);
  el("h2", { class: "class-discuss-text", id: "class-discuss-text" }, discussPanel, message.text);
  const discussHost = el("div", { class: "class-board" }, discussPanel);
  const model = new SocketModel(() => {}); // this board sends nothing: it only shows
  model.receive({ type: "set", name: "texts", value: message.texts });
  model.receive({ type: "set", name: "view", value: message.view });
  app.setAttribute("aria-hidden", "true");
  bookPanel.setAttribute("aria-hidden", "true");
  const stop = board.render({ model, el: discussHost });
  discussBoard = () => { if (typeof stop === "function") stop(); };
}
bookLink.onclick = (event) => {
  event.preventDefault();
  showBook(bookLink.getAttribute("href"));
};

let ws = null;
let retry = 0;
let timer = null;
let boardView = null; // {model, destroy}
let token = null;
try { token = localStorage.getItem(TOKEN); } catch (error) { token = null; }

// The heartbeat. A phone that slept may keep a socket that looks open but is dead (the
// network forgot it): a tap sent into it would vanish. So when the server has not been heard
// for a while, a message waits while the page asks the server ("ping"); an answer sends it,
// silence means a dead socket: the page reconnects, resumes, then sends what waited.
const BEAT = 10000; // ms: the page pings a quiet server this often (while it is shown)
const ANSWER = 2500; // ms: the server must answer a ping by then, or the socket is dead
let heard = 0; // when the server was last heard from
let probe = null; // the timer of a ping not answered yet
const held = []; // messages waiting for a socket known to be alive

function open() {
  return ws !== null && ws.readyState === WebSocket.OPEN;
}

function send(message) {
  if (open() && probe === null && Date.now() - heard < BEAT + ANSWER) {
    ws.send(JSON.stringify(message));
    return;
  }
  if (held.length < 20) held.push(message);
  check();
}

function flush() {
  while (held.length && open()) ws.send(JSON.stringify(held.shift()));
}

function check() { // is the socket alive? (a new one sends what waited once it opens)
  if (ws === null) connect();
  if (!open() || probe !== null) return;
  ws.send(JSON.stringify({ type: "ping" }));
  probe = setTimeout(dead, ANSWER);
}

function dead() { // no answer to the ping: this socket is gone, open a new one at once
  probe = null;
  const old = ws;
  ws = null;
  if (old) { old.onclose = null; old.onmessage = null; old.close(); }
  status.textContent = W.lost;
  connect();
}

function clearBoard() {
  if (boardView) boardView.destroy();
  boardView = null;
}

function showJoin() {
  clearBoard();
  screen.textContent = "";
  hello.textContent = "";
  const form = el("form", { class: "class-join" }, screen);
  const codeLabel = el("label", {}, form, W.code);
  const code = el("input", { name: "code", autocomplete: "off", autocapitalize: "characters", spellcheck: "false", maxlength: "12", inputmode: "text", required: "" }, codeLabel);
  const nameLabel = el("label", {}, form, W.name);
  const name = el("input", { name: "name", autocomplete: "name", maxlength: "40", required: "" }, nameLabel);
  const pinLabel = el("label", { class: "class-pin" }, form, W.pin);
  const pin = el("input", { name: "pin", autocomplete: "off", inputmode: "numeric", maxlength: "4" }, pinLabel);
  el("button", { type: "submit", class: "class-go" }, form, W.join);
  form.onsubmit = (event) => {
    event.preventDefault();
    notice.textContent = "";
    let was = "";
    try { was = localStorage.getItem(REMOVED) || ""; } catch (error) { was = ""; }
    send({ type: "join", code: code.value, name: name.value, pin: pin.value, was, lang });
  };
  code.focus();
}

function showLobby(message) {
  clearBoard();
  screen.textContent = "";
  el("h2", {}, screen, W.choose);
  if (message.paused) el("p", { class: "class-paused" }, screen, W.paused);
  const list = el("div", { class: "class-choices" }, screen);
  for (const [name, line, ready] of message.levels) {
    const choice = el("button", { class: "class-choice", "data-opponent": name }, list);
    el("strong", {}, choice, line.split(":")[0]);
    el("span", {}, choice, ready ? line.slice(line.indexOf(":") + 1).trim() : W.not_ready);
    choice.disabled = !ready || message.paused;
    choice.onclick = () => send({ type: "play", opponent: name });
  }
  if (message.classmates) {
    const choice = el("button", { class: "class-choice", "data-opponent": "classmate" }, list);
    el("strong", {}, choice, W.classmate);
    el("span", {}, choice, W.classmate_line);
    choice.disabled = message.paused || message.waiting;
    choice.onclick = () => send({ type: "play", opponent: "classmate" });
  }
  if (message.waiting) el("p", { class: "class-waiting", role: "status" }, screen, W.waiting);
}

function showGame(message) {
  clearBoard();
  screen.textContent = "";
  notice.textContent = ""; // a new game: old news goes (a pause is said again after this)
  const bar = el("div", { class: "class-game-bar" }, screen);
  const back = el("button", { class: "class-back" }, bar, W.back);
  if (message.classmate) el("span", { class: "class-against" }, bar, W.against.replace("{name}", message.classmate));
  // Leaving a game in progress asks first, as the board's New game does.
  const ask = el("div", { class: "class-ask", role: "alertdialog", hidden: "" }, screen);
  el("span", {}, ask, W.back_sure);
  const yes = el("button", { class: "class-ask-yes" }, ask, W.back_yes);
  const no = el("button", { class: "class-ask-no" }, ask, W.back_no);
  back.onclick = () => {
    const view = boardView ? boardView.model.get("view") || {} : {};
    if (view.ply > 0 && !view.banner) {
      ask.hidden = false;
      no.focus();
    } else send({ type: "lobby" });
  };
  yes.onclick = () => send({ type: "lobby" });
  no.onclick = () => { ask.hidden = true; back.focus(); };
  if (message.flipped) el("p", { class: "class-flipped-note" }, screen, W.flipped);
  let kind = "class-board";
  if (message.classmate) kind += " class-classmates";
  if (message.flipped) kind += " hoyito-flipped";
  const host = el("div", { class: kind }, screen);
  const model = new SocketModel(send);
  const stop = board.render({ model, el: host });
  boardView = { model, destroy: () => { if (typeof stop === "function") stop(); } };
}

function received(message) {
  if (message.type === "set" || message.type === "msg") {
    if (boardView) boardView.model.receive(message);
  } else if (message.type === "joined") {
    token = message.token;
    try { localStorage.setItem(TOKEN, token); } catch (error) { /* private mode: this tab only */ }
    hello.textContent = W.hello.replace("{name}", message.name);
    pseudonym = message.pseudonym ? " " + W.pseudonym.replace("{pseudonym}", message.pseudonym) : "";
    hello.textContent += pseudonym;
    notice.textContent = message.pin ? W.pin_note.replace("{pin}", message.pin) : "";
  } else if (message.type === "lobby") {
    showLobby(message);
  } else if (message.type === "game") {
    showGame(message);
  } else if (message.type === "discuss") { // a position for the class, or back to the game
    showDiscussion(message);
  } else if (message.type === "book") {
    if (message.page) showBook((message.page.startsWith("es/") ? "/libro/" : "/book/") + message.page);
    else hideBook();
  } else if (message.type === "refused") {
    notice.textContent = message.text;
  } else if (message.type === "renamed") { // the teacher renamed this student or their classmate
    if (message.name) hello.textContent = W.hello.replace("{name}", message.name) + pseudonym;
    const against = screen.querySelector(".class-against");
    if (message.classmate && against) against.textContent = W.against.replace("{name}", message.classmate);
  } else if (message.type === "notice") { // news for everyone (the database is back)
    notice.textContent = message.text;
  } else if (message.type === "paused") { // the teacher paused or resumed the class
    if (message.paused) notice.textContent = message.text;
    else if (notice.textContent === message.text) notice.textContent = "";
  } else if (message.type === "gone") {
    showDiscussion({ view: null });
    if (message.removed && token) { // kept: this phone cannot join under another name
      try { localStorage.setItem(REMOVED, token); } catch (error) { /* nothing kept */ }
    }
    token = null;
    try { localStorage.removeItem(TOKEN); } catch (error) { /* nothing kept */ }
    showJoin();
  }
}

function connect() {
  clearTimeout(timer);
  if (ws) return;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${scheme}://${location.host}/ws?lang=${lang}`);
  ws.onopen = () => {
    retry = 0;
    heard = Date.now();
    status.textContent = "";
    if (token) send({ type: "resume", token, lang });
    else if (!screen.querySelector("form")) showJoin();
    flush(); // a tap made while the page reconnected goes now, after the resume
  };
  ws.onmessage = (event) => {
    heard = Date.now();
    if (probe !== null) { clearTimeout(probe); probe = null; }
    flush();
    let message = null;
    try { message = JSON.parse(event.data); } catch (error) { return; }
    if (message.type === "refused" && message.again && token && !boardView) {
      // the server cannot answer now (its database is away): ask again in a moment
      clearTimeout(timer);
      timer = setTimeout(() => send({ type: "resume", token, lang }), 2000);
    } else if (message.type === "refused" && token && !boardView && !screen.childElementCount) {
      token = null; // the token was not taken: join by code and name
      try { localStorage.removeItem(TOKEN); } catch (error) { /* nothing kept */ }
      showJoin();
    }
    received(message);
  };
  ws.onclose = () => {
    ws = null;
    if (probe !== null) { clearTimeout(probe); probe = null; }
    status.textContent = W.lost;
    retry = Math.min(retry + 1, 5);
    timer = setTimeout(connect, 400 * retry);
  };
}

// a phone waking up: check the socket (or reconnect) at once rather than at the next retry
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") check();
});
setInterval(() => { // a quiet server is asked now and then whether the socket still lives
  if (document.visibilityState === "visible" && Date.now() - heard > BEAT) check();
}, BEAT / 2);
void other;
connect();
