// The teacher's page: the join address, code and QR code; who has joined and their boards in
// small; results; the class's settings; pause, rename, remove, end; exports. A student's game
// opens full size on the board's own page (board.js), live and replayed; its position, at the
// move shown, can go to every phone for discussion; the projector opens in its own tab.
import board from "/static/board.js";
import { SocketModel } from "/static/model.js";

const data = JSON.parse(document.getElementById("words").textContent);
const W = data.words;
const app = document.getElementById("app");

function el(tag, attrs = {}, parent = null, text = "") {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== "") node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

const top = el("header", { class: "class-top" }, app);
el("h1", {}, top, W.title);
el("a", { class: "class-lang", href: `?lang=${data.lang === "es" ? "en" : "es"}` }, top, W.other_language);
const notice = el("p", { class: "class-notice", role: "alert" }, app);
const body = el("div", { class: "teacher" }, app);

// The key comes after "#" in the address the server printed. It is read once, kept for this
// tab only (so a reload or the other language needs no typing), and taken out of the address
// at once: a projected page must not show it, nor keep it in the history.
const KEY = "hoyito-teacher-key";
function keepKey(value) {
  try {
    if (value) sessionStorage.setItem(KEY, value); else sessionStorage.removeItem(KEY);
  } catch (error) { /* storage refused: this page only */ }
}
let key = "";
try { key = decodeURIComponent(location.hash.slice(1)); } catch (error) { key = location.hash.slice(1); }
if (key) keepKey(key);
else { try { key = sessionStorage.getItem(KEY) || ""; } catch (error) { key = ""; } }
if (location.hash) history.replaceState(null, "", location.pathname + location.search);
let ws = null;
let state = null;
let built = false;
const parts = {};

function send(message) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
}

function askKey() {
  body.textContent = "";
  const form = el("form", { class: "class-join" }, body);
  const label = el("label", {}, form, W.key);
  const input = el("input", { name: "key", autocomplete: "off", required: "" }, label);
  el("button", { type: "submit" }, form, W.open);
  form.onsubmit = (event) => {
    event.preventDefault();
    key = input.value.trim();
    keepKey(key);
    send({ type: "teacher", secret: key });
  };
}

// A section a lesson rarely needs: folded away on a phone (a tap opens it), open on a wider
// screen, so that on a phone the code, the class's buttons and the students come first.
const WIDE = window.matchMedia("(min-width: 700px)").matches;
function fold(name, title) {
  const box = el("details", { class: `teacher-more teacher-more-${name}` }, body);
  if (WIDE) box.open = true;
  el("summary", {}, box, title);
  return box;
}

function build() {
  body.textContent = "";
  const join = el("section", { class: "teacher-join" }, body);
  el("p", {}, join, W.join_line.replace("{address}", data.joins.join("  ·  ")));
  parts.code = el("p", { class: "teacher-code" }, join);
  el("img", { src: "/qr.svg", alt: data.joins[0], class: "teacher-qr" }, join);
  // the projector's own key, never the teacher's: the projected address shows nothing secret
  parts.projector = el("a", { class: "teacher-projector", target: "_blank", rel: "noopener", title: W.projector_line, href: "/projector" }, join, W.projector);

  const buttons = el("div", { class: "teacher-buttons" }, body);
  const round = el("button", { class: "teacher-round", title: W.round_line }, buttons, W.round);
  round.onclick = () => send({ type: "round" });
  parts.pause = el("button", { class: "teacher-pause" }, buttons);
  parts.pause.onclick = () => { // what the button says is what it does, even before the server's echo
    state.paused = !state.paused;
    send({ type: "pause", paused: state.paused });
    setText(parts.pause, state.paused ? W.resume : W.pause);
  };
  const end = el("button", { class: "teacher-end" }, buttons, W.end);
  end.onclick = () => { if (confirm(W.end_sure)) send({ type: "end" }); };
  parts.buttons = buttons;

  el("h2", {}, body, W.students);
  parts.students = el("div", { class: "teacher-students" }, body);
  parts.removed = el("ul", { class: "teacher-removed", "aria-label": W.removed }, body);

  const more = fold("settings", W.class_settings);
  const settings = el("form", { class: "teacher-settings" }, more);
  const rules = el("label", {}, settings, W.rules + " ");
  parts.variant = el("select", { name: "variant" }, rules);
  const size = el("label", {}, settings, W.size + " ");
  parts.size = el("select", { name: "holes_per_row" }, size);
  const levels = el("fieldset", {}, settings);
  el("legend", {}, levels, W.levels);
  parts.levels = levels;
  const mates = el("label", {}, settings);
  parts.classmates = el("input", { type: "checkbox", name: "classmates" }, mates);
  mates.append(" " + W.classmates);
  el("button", { type: "submit" }, settings, W.apply);
  parts.variant.onchange = () => fillSizes(parts.variant.value, null);
  settings.onsubmit = (event) => {
    event.preventDefault();
    const chosen = [...parts.levels.querySelectorAll("input:checked")].map((box) => box.value);
    send({ type: "settings", variant: parts.variant.value, holes_per_row: Number(parts.size.value), levels: chosen, classmates: parts.classmates.checked });
  };

  const cap = el("form", { class: "teacher-limit" }, more);
  const capLabel = el("label", {}, cap, W.max_students + " ");
  parts.max = el("input", { type: "number", name: "max_students", min: "1", max: "1000", inputmode: "numeric", required: "" }, capLabel);
  el("button", { type: "submit" }, cap, W.apply_limit);
  cap.onsubmit = (event) => {
    event.preventDefault();
    send({ type: "limit", students: Number(parts.max.value) });
  };

  buildBook();

  const exports = el("section", { class: "teacher-export" }, fold("export", W.export));
  el("p", {}, exports, W.export_note);
  const names = el("label", {}, exports);
  const withNames = el("input", { type: "checkbox" }, names);
  names.append(" " + W.with_names);
  for (const kind of ["csv", "parquet"]) {
    const link = el("a", { class: `teacher-${kind}`, href: "#" }, exports, kind.toUpperCase());
    link.onclick = (event) => {
      event.preventDefault();
      location.href = `/export.${kind}?key=${encodeURIComponent(key)}&lang=${data.lang}${withNames.checked ? "&names=1" : ""}`;
    };
    exports.append(" ");
  }

  parts.results = el("ol", { class: "teacher-results" }, fold("results", W.results));
  built = true;
}

// The book on the phones: a page (or one of its sections) for every phone, and back.
function bookAddress(page) {
  return (page.startsWith("es/") ? "/libro/" : "/book/") + page;
}

function buildBook() {
  const section = el("section", { class: "teacher-book" }, fold("book", W.book));
  if (!data.book.length) {
    el("p", {}, section, W.book_missing);
    parts.book = null;
    return;
  }
  el("p", {}, section, W.book_line);
  const label = el("label", {}, section, W.book_page + " ");
  const select = el("select", { name: "book-page", class: "teacher-book-page" }, label);
  for (const page of data.book) {
    const group = el("optgroup", { label: page.title }, select);
    el("option", { value: page.href }, group, page.title);
    for (const [id, title] of page.sections) el("option", { value: `${page.href}#${id}` }, group, "· " + title);
  }
  const buttons = el("div", { class: "teacher-buttons" }, section);
  const go = el("button", { type: "button", class: "teacher-book-send" }, buttons, W.book_send);
  go.onclick = () => send({ type: "book", page: select.value });
  const back = el("button", { type: "button", class: "teacher-book-back" }, buttons, W.book_back);
  back.onclick = () => send({ type: "book", page: null });
  const open = el("a", { href: bookAddress(data.book[0].href), target: "_blank", rel: "noopener" }, section, W.book_open);
  parts.book = el("p", { class: "teacher-book-now", role: "status" }, section);
  parts.bookSelect = select;
  parts.bookOpen = open;
  select.onchange = () => { open.href = bookAddress(select.value); };
}

function drawBook() {
  if (!parts.book) return;
  if (!state.book) { parts.book.textContent = W.book_board; return; }
  const option = [...parts.bookSelect.options].find((o) => o.value === state.book);
  parts.book.textContent = W.book_now.replace("{page}", option ? option.textContent.replace(/^· /, "") : state.book);
}

function levelName(name) {
  const names = (state.level_names || {})[data.lang] || {};
  return Object.prototype.hasOwnProperty.call(names, name) ? names[name] : name;
}

function fillSizes(variant, chosen) {
  const sizes = state.sizes[variant] || [];
  const keep = chosen ?? Number(parts.size.value);
  parts.size.textContent = "";
  for (const n of sizes) el("option", { value: String(n) }, parts.size, String(n));
  parts.size.value = String(sizes.includes(keep) ? keep : sizes[0]);
}

// A student's small board: built once per board size, then only its numbers change.
function miniBoard(card, b) {
  let grid = card.querySelector(".mini-board");
  if (!b) { if (grid) grid.remove(); return; }
  const n = b.n;
  if (!grid || grid.children.length !== 2 * n) {
    if (grid) grid.remove();
    grid = el("div", { class: "mini-board", role: "button", tabindex: "0" });
    grid.onclick = () => watch({ student: card.student.id }); // a tap on the board opens it
    grid.onkeydown = (event) => {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); grid.onclick(); }
    };
    card.insertBefore(grid, card.querySelector(".teacher-rename"));
    grid.style.gridTemplateColumns = `repeat(${n}, 1fr)`;
    for (let k = 0; k < 2 * n; k++) el("span", {}, grid);
  }
  const holes = [];
  for (let k = 2 * n - 1; k >= n; k--) holes.push(k); // North's row on top, right to left
  for (let k = 0; k < n; k++) holes.push(k);
  const cells = b.board || [];
  holes.forEach((hole, i) => {
    const span = grid.children[i];
    const text = String(cells[hole] ?? "");
    if (span.textContent !== text) span.textContent = text;
    span.classList.toggle("mini-to-move", b.to_move === (hole < n ? 0 : 1));
  });
}

function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

// A student's card: made once, then changed in place (a press on Rename or Remove that
// lasts across an update still lands on the same button).
function studentCard(s) {
  let card = cards.get(s.id);
  if (!card) {
    card = el("div", { class: "teacher-student", "data-student": String(s.id) });
    el("strong", {}, card);
    el("span", { class: "teacher-line" }, card);
    const rename = el("button", { class: "teacher-rename" }, card, W.rename);
    rename.onclick = () => {
      const now = card.student;
      const name = prompt(W.new_name.replace("{name}", now.name), now.name);
      if (name) send({ type: "rename", student: now.id, name });
    };
    const remove = el("button", { class: "teacher-remove" }, card, W.remove);
    remove.onclick = () => {
      const now = card.student;
      if (confirm(W.remove_sure.replace("{name}", now.name))) send({ type: "remove", student: now.id });
    };
    const pin = el("button", { class: "teacher-pin" }, card, W.pin_button);
    pin.onclick = () => {
      const now = card.student;
      alert(W.pin_of.replace("{name}", now.name).replace("{pin}", now.pin));
    };
    const open = el("button", { class: "teacher-watch" }, card, W.watch);
    open.onclick = () => watch({ student: card.student.id });
    cards.set(s.id, card);
  }
  card.student = s;
  card.classList.toggle("teacher-away", !s.online);
  setText(card.querySelector("strong"), s.name);
  let line = s.online ? W.online : W.away;
  if (s.waiting) line = W.waiting;
  else if (s.board) {
    const who = s.board.classmate.length ? s.board.classmate[0] : W.computer.replace("{level}", levelName(s.board.opponent));
    line += ` · ${who} · ${W.move.replace("{ply}", String(s.board.ply))}`;
  } else if (s.online) line += ` · ${W.lobby}`;
  setText(card.querySelector(".teacher-line"), line);
  miniBoard(card, s.board);
  // their game now, or their last one (the server says so in a sentence if there is none)
  const watchName = W.watch_of.replace("{name}", s.name);
  card.querySelector(".teacher-watch").setAttribute("aria-label", watchName);
  const small = card.querySelector(".mini-board");
  if (small) small.setAttribute("aria-label", watchName);
  return card;
}

const cards = new Map(); // student id -> card
let drawn = { settings: "", results: "" }; // what the settings and results were drawn from

function drawStudents() {
  const shown = state.students.filter((s) => !s.removed);
  const nobody = parts.students.querySelector(".teacher-nobody");
  if (!shown.length && !nobody) el("p", { class: "teacher-nobody" }, parts.students, W.nobody);
  if (shown.length && nobody) nobody.remove();
  const keep = new Set(shown.map((s) => s.id));
  for (const [id, card] of cards) {
    if (!keep.has(id)) { card.remove(); cards.delete(id); }
  }
  drawRemoved();
  let before = null; // the card each one follows; a card is moved only when out of order
  for (const s of shown) {
    const card = studentCard(s);
    const wanted = before ? before.nextSibling : parts.students.firstChild;
    if (card !== wanted) parts.students.insertBefore(card, wanted);
    before = card;
  }
}

// The students taken out of the class, each with a button to let them back in.
function drawRemoved() {
  const removed = state.students.filter((s) => s.removed);
  const key = JSON.stringify(removed.map((s) => [s.id, s.name]));
  if (key === drawn.removed) return;
  drawn.removed = key;
  parts.removed.textContent = "";
  for (const s of removed) {
    const item = el("li", { "data-student": String(s.id) }, parts.removed, W.removed_line.replace("{name}", s.name) + " ");
    const back = el("button", { type: "button", class: "teacher-readmit" }, item, W.readmit);
    back.onclick = () => send({ type: "readmit", student: s.id });
  }
}

function drawSettings() {
  const key = JSON.stringify([state.variants, state.variant, state.holes_per_row, state.all_levels, state.levels, state.ready, state.classmates, data.lang]);
  if (key === drawn.settings) return;
  if (document.activeElement && document.activeElement.closest && document.activeElement.closest(".teacher-settings")) return;
  drawn.settings = key;
  parts.variant.textContent = "";
  for (const [name, title] of state.variants) el("option", { value: name }, parts.variant, title);
  parts.variant.value = state.variant;
  fillSizes(state.variant, state.holes_per_row);
  parts.levels.querySelectorAll("label").forEach((node) => node.remove());
  for (const name of state.all_levels) {
    const label = el("label", {}, parts.levels);
    const box = el("input", { type: "checkbox", value: name }, label);
    box.checked = state.levels.includes(name);
    label.append(" " + levelName(name) + (state.ready.includes(name) ? "" : " …"));
  }
  parts.classmates.checked = state.classmates;
}

// While the phones show a position: a line that says so, and the button that lets them go
// (there only then, so that no hidden button lies among the teacher's controls).
function drawDiscussing() {
  if (state.discussing && !parts.discussing) {
    parts.discussing = el("div", { class: "teacher-discussing", role: "status" });
    parts.buttons.after(parts.discussing);
    el("span", {}, parts.discussing, W.discussing);
    const release = el("button", { type: "button", class: "teacher-release" }, parts.discussing, W.release);
    release.onclick = () => send({ type: "release" });
  } else if (!state.discussing && parts.discussing) {
    parts.discussing.remove();
    parts.discussing = null;
  }
}

function drawResults() {
  const key = JSON.stringify(state.results);
  if (key === drawn.results) return;
  drawn.results = key;
  parts.results.textContent = "";
  if (!state.results.length) el("li", {}, parts.results, W.no_results);
  for (const r of state.results.slice().reverse()) {
    const score = r.score[0] === null ? W.left : `${r.score[0]}–${r.score[1]}`;
    // the server says which side is the computer: a student may be called "expert"
    const north = r.computer ? W.computer.replace("{level}", levelName(r.computer)) : r.north;
    const winner = r.winner === null ? (r.score[0] === null ? "" : ` (${W.draw})`) : ` (${r.winner === 0 ? r.south : north})`;
    const item = el("li", {}, parts.results, `${r.south} – ${north}: ${score}${winner} `);
    const again = el("button", { type: "button", class: "teacher-replay", "aria-label": W.replay_of.replace("{game}", `${r.south} – ${north}`) }, item, W.replay);
    again.onclick = () => watch({ game: r.id });
  }
}

function draw() {
  if (!built) build();
  setText(parts.code, state.code.match(/.{1,3}/g).join(" "));
  setText(parts.pause, state.paused ? W.resume : W.pause);
  drawSettings();
  drawStudents();
  drawResults();
  drawBook();
  if (parts.max && document.activeElement !== parts.max) parts.max.value = state.max_students;
  parts.projector.href = `/projector?lang=${data.lang}#${state.projector}`;
  drawDiscussing();
  if (viewer.release) viewer.release.hidden = !state.discussing;
  if (state.ended) notice.textContent = W.ended;
  else if (state.database) notice.textContent = state.database; // the database is away
  else if (state.paused) notice.textContent = W.paused_now;
  else if (notice.textContent === W.paused_now || notice.textContent === drawn.database) notice.textContent = "";
  drawn.database = state.database || drawn.database;
}

// The server sends the whole class once, then only what changed (room.overview_changes).
function applyChanges(message) {
  Object.assign(state, message.set);
  const byId = new Map(state.students.map((s) => [s.id, s]));
  for (const s of message.students) byId.set(s.id, s);
  for (const id of message.gone) byId.delete(id);
  const order = message.order || state.students.map((s) => s.id);
  state.students = order.filter((id) => byId.has(id)).map((id) => byId.get(id));
}

// A student's game, full size, over the page: the board's own page in replay mode (start,
// back, forward, end, play through), built by the server from its record of the moves; a game
// still being played follows each move. Its position, at the move shown, can go to every phone.
const viewer = { panel: null, stop: null, model: null };

function buildViewer() {
  const panel = el("section", { class: "teacher-viewer", role: "dialog", "aria-modal": "true", hidden: "" }, document.body);
  const bar = el("div", { class: "teacher-viewer-bar" }, panel);
  viewer.title = el("h2", { id: "teacher-viewer-title" }, bar);
  panel.setAttribute("aria-labelledby", "teacher-viewer-title");
  const close = el("button", { type: "button", class: "teacher-viewer-close" }, bar, W.close);
  close.onclick = closeViewer;
  viewer.line = el("p", { class: "teacher-viewer-line" }, panel);
  const buttons = el("div", { class: "teacher-buttons" }, panel);
  const push = el("button", { type: "button", class: "teacher-push" }, buttons, W.push);
  push.onclick = () => send({ type: "push" });
  viewer.release = el("button", { type: "button", class: "teacher-release" }, buttons, W.release);
  viewer.release.onclick = () => send({ type: "release" });
  viewer.release.hidden = !(state && state.discussing);
  viewer.host = el("div", { class: "class-board teacher-viewer-board" }, panel);
  viewer.panel = panel;
}

function watch(which) {
  viewer.which = which; // asked again if the connection comes back while it is open
  send({ type: "watch", lang: data.lang, ...which });
}

function openViewer(message) {
  if (!viewer.panel) buildViewer();
  if (viewer.stop) viewer.stop();
  viewer.host.textContent = "";
  viewer.title.textContent = message.names.join(" – ");
  viewer.line.textContent = message.live ? W.viewer_live : W.viewer_done;
  viewer.model = new SocketModel((wrapped) => send({ type: "watched", message: wrapped.message }));
  const stop = board.render({ model: viewer.model, el: viewer.host });
  viewer.stop = () => { if (typeof stop === "function") stop(); };
  viewer.panel.hidden = false;
  app.setAttribute("aria-hidden", "true");
  viewer.panel.querySelector(".teacher-viewer-close").focus();
}

function closeViewer() {
  send({ type: "unwatch" });
  if (viewer.stop) viewer.stop();
  viewer.stop = null;
  viewer.model = null;
  viewer.host.textContent = "";
  viewer.panel.hidden = true;
  app.removeAttribute("aria-hidden");
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${scheme}://${location.host}/ws/teacher`);
  ws.onopen = () => {
    if (key) send({ type: "teacher", secret: key }); else askKey();
    if (key && viewer.panel && !viewer.panel.hidden) watch(viewer.which);
  };
  ws.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "class") { state = message; draw(); }
    else if (message.type === "watching") openViewer(message);
    else if ((message.type === "set" || message.type === "msg") && viewer.model) viewer.model.receive(message);
    else if (message.type === "class-changes" && state) { applyChanges(message); draw(); }
    else if (message.type === "refused") {
      notice.textContent = message.text;
      if (viewer.panel && !viewer.panel.hidden) viewer.line.textContent = message.text;
      if (!state) { keepKey(""); askKey(); }
    }
  };
  ws.onclose = () => { ws = null; setTimeout(connect, 1000); };
}
connect();
