// The hoyito_edu board in the page: draws the `view` the kernel sends (an SVG board and its
// controls) and animates each move's film by itself. It never decides what is legal: every
// click goes to the kernel with the ply and game it was made at, and the kernel answers.

const SVGNS = "http://www.w3.org/2000/svg";
const PIT = 100; // distance between two pits (SVG units)
const R = 40; // pit radius
const PILE = 130; // width of each captured pile
const H = 300; // board height
const ROW_Y = [205, 95]; // South's row (bottom), North's row (top)
const MS_PER_SEED = { off: 0, slow: 260, normal: 105, fast: 40 };
const MOST_PEBBLES = 20; // more seeds than this: a number instead of pebbles
const STONES = ["#f4ecd8", "#d9d2c5", "#c9b99f", "#e9dcc0"];

function html(tag, attrs = {}, parent = null, text = null) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== null) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

function svg(tag, attrs = {}, parent = null, text = null) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== null) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

// Text whose scores ("28-20") never break at the hyphen: each score in a nowrap span.
function withScores(node, text) {
  node.textContent = "";
  String(text).split(/(\d+-\d+)/).forEach((part, k) => {
    if (k % 2) html("span", { class: "hoyito-score" }, node, part);
    else if (part) node.append(part);
  });
  return node;
}

function button(parent, cls, label, title) {
  const b = html("button", { type: "button", class: cls, title: title || label }, parent, label);
  return b;
}

function reducedMotion() {
  return Boolean(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

// Every word the page writes comes from Python (the `texts` trait, in the widget's language):
// `fill` puts values into a template's {fields}; a pair [singular, plural] is chosen by `count`
// (English and Spanish both use the singular for 1 only).
function fill(template, values = {}) {
  return String(template ?? "").replace(/\{(\w+)(:,)?\}/g, (m, k, grouped) => {
    if (!(k in values)) return m;
    return grouped ? Number(values[k]).toLocaleString("en-US") : String(values[k]);
  });
}

// The one place the page's words come from: both pages (the board and CompareRules) extend it.
class Page {
  T(key, values = {}) {
    return word(this.texts, key, values);
  }
}

function word(texts, key, values = {}) {
  let t = texts[key];
  if (Array.isArray(t)) t = t[values.count === 1 ? 0 : 1];
  return fill(t === undefined ? key : t, values);
}

// Where pebble k of a pit sits (a sunflower spiral, centre first).
function pebbleSpot(k, spread) {
  const r = spread * Math.sqrt(k + 0.35);
  const a = k * 2.39996;
  return [r * Math.cos(a), r * Math.sin(a)];
}

class BoardPage extends Page {
  constructor(model, host) {
    super();
    this.model = model;
    this.host = host;
    this.v = model.get("view") || {};
    this.n = 0;
    this.pits = [];
    this.shown = null; // {board, captures}: what the SVG shows now
    this.queue = []; // films waiting to be shown
    this.film = null; // the film being shown
    this.index = 0; // steps of it shown
    this.timer = null;
    this.paused = false;
    this.skipPlayer = null; // Skip: show this player's films at once until the turn changes
    this.lastFilmPly = -1;
    this.sent = null; // the click on its way to the kernel: [game, ply]
    this.localNotice = null;
    this.hand = { seeds: 0, hole: null, lap: 1 };
    this.askedPly = null; // Replay playing through: the move after which the next was asked
    this.nextTimer = null;
    this.texts = model.get("texts") || {};
    this.build();
    this.onView = () => this.viewChanged();
    this.moveLog = []; // the board's list of moves, kept here: each message adds only what changed
    this.onMsg = (msg) => {
      if (msg && msg.type === "film") this.receiveFilm(msg.film);
      else if (msg && msg.type === "log") this.receiveLog(msg);
    };
    this.onSpeed = () => this.drawControls();
    this.onNumbers = () => {
      this.drawBoard();
      this.drawControls(); // the button's pressed look
    };
    model.on("change:view", this.onView);
    model.on("msg:custom", this.onMsg);
    model.on("change:speed", this.onSpeed);
    model.on("change:numbers", this.onNumbers);
    this.viewChanged();
    // a page opened on a board already in play (a second view, a reload) asks for the moves
    if (["play", "replay"].includes((model.get("view") || {}).mode)) model.send({ type: "hello" });
  }

  receiveLog(msg) {
    this.moveLog = this.moveLog.slice(0, msg.start).concat(msg.lines || []);
    this.drawText();
  }

  destroy() {
    clearTimeout(this.timer);
    clearTimeout(this.nextTimer);
    this.model.off("change:view", this.onView);
    this.model.off("msg:custom", this.onMsg);
    this.model.off("change:speed", this.onSpeed);
    this.model.off("change:numbers", this.onNumbers);
  }

  name(p) {
    return (this.texts.names || [])[p] ?? "";
  }

  // -- building ---------------------------------------------------------------------------
  build() {
    const root = html("div", { class: "hoyito-board" }, this.host);
    root.lang = this.texts.lang || "en"; // for screen readers: the page's own language
    this.root = root;
    this.status = html("div", { class: "hoyito-status", role: "status", "aria-live": "polite" }, root);
    this.notice = html("div", { class: "hoyito-notice", role: "alert" }, root);
    this.sides = [null, null];
    this.sides[1] = html("div", { class: "hoyito-side hoyito-side-1" }, root);
    const stage = html("div", { class: "hoyito-stage" }, root);
    this.svg = svg("svg", { class: "hoyito-svg", role: "group", "aria-label": this.T("board") }, stage);
    this.banner = html("div", { class: "hoyito-banner", role: "dialog", hidden: "" }, stage);
    this.bannerTitle = html("h2", {}, this.banner);
    this.bannerWhy = html("p", {}, this.banner);
    const bannerRow = html("div", {}, this.banner);
    this.bannerNew = button(bannerRow, "hoyito-banner-new", this.T("new_game"));
    this.bannerNext = button(bannerRow, "hoyito-banner-next", this.T("next_round"));
    this.bannerHide = button(bannerRow, "hoyito-banner-hide", this.T("see_board"));
    this.bannerNew.onclick = () => this.action(this.v.mode === "replay" ? "start" : "new");
    this.bannerNext.onclick = () => this.action("next-round");
    this.bannerHide.onclick = () => { this.bannerHidden = true; this.banner.hidden = true; };
    this.sides[0] = html("div", { class: "hoyito-side hoyito-side-0" }, root);
    this.caption = html("div", { class: "hoyito-caption", "aria-live": "off" }, root);

    const film = html("div", { class: "hoyito-row hoyito-film-row" }, root);
    this.pauseButton = button(film, "hoyito-pause", this.T("pause"), this.T("pause_title"));
    this.playButton = button(film, "hoyito-play", this.T("resume"), this.T("resume_title"));
    this.stepButton = button(film, "hoyito-step", this.T("step"), this.T("step_title"));
    this.skipButton = button(film, "hoyito-skip", this.T("skip"), this.T("skip_title"));
    const speedLabel = html("label", {}, film, `${this.T("animation")} `);
    this.speedPicker = html("select", { class: "hoyito-speed", "aria-label": this.T("animation_speed") }, speedLabel);
    for (const s of ["off", "slow", "normal", "fast"]) html("option", { value: s }, this.speedPicker, (this.texts.speeds || {})[s] ?? s);
    this.pauseButton.onclick = () => this.pause();
    this.playButton.onclick = () => this.resume();
    this.stepButton.onclick = () => this.step();
    this.skipButton.onclick = () => this.skip();
    this.speedPicker.onchange = () => {
      this.model.set("speed", this.speedPicker.value);
      this.model.save_changes();
      if (this.speedPicker.value === "off") this.skip();
      else this.schedule();
    };

    // Replay: move by move through a recorded game (the kernel sends each move's film)
    const rp = html("div", { class: "hoyito-row hoyito-replay-row", hidden: "" }, root);
    this.replayRow = rp;
    this.replayStart = button(rp, "hoyito-replay-start", this.T("replay_start"), this.T("replay_start_title"));
    this.replayBack = button(rp, "hoyito-back", this.T("replay_back"), this.T("replay_back_title"));
    this.replayForward = button(rp, "hoyito-forward", this.T("replay_forward"), this.T("replay_forward_title"));
    this.replayEnd = button(rp, "hoyito-end", this.T("replay_end"), this.T("replay_end_title"));
    this.replayPlay = button(rp, "hoyito-replay-play", this.T("replay_play"), this.T("replay_play_title"));
    const goto = html("label", { class: "hoyito-goto-label" }, rp, `${this.T("goto")} `);
    this.gotoInput = html("input", { type: "range", class: "hoyito-goto", min: "0", max: "0", step: "1", "aria-label": this.T("goto_aria") }, goto);
    this.gotoText = html("span", { class: "hoyito-goto-text" }, goto);
    this.roundPicker = html("select", { class: "hoyito-round", "aria-label": this.T("round_aria") }, rp);
    this.replayStart.onclick = () => this.action("start");
    this.replayBack.onclick = () => this.action("back");
    this.replayForward.onclick = () => this.action("forward");
    this.replayEnd.onclick = () => this.action("end");
    this.replayPlay.onclick = () => {
      if (!this.v.playing) this.paused = false; // Play the game: the moves are shown, not held
      this.action(this.v.playing ? "stop" : "play");
    };
    this.gotoInput.onchange = () => this.model.send({ type: "goto", move: Number(this.gotoInput.value) });
    this.roundPicker.onchange = () => this.model.send({ type: "round", round: Number(this.roundPicker.value) });

    const game = html("div", { class: "hoyito-row hoyito-game-row" }, root);
    this.gameRow = game;
    this.newButton = button(game, "hoyito-new", this.T("new_game"), this.T("new_game_title"));
    this.undoButton = button(game, "hoyito-undo", this.T("undo"), this.T("undo_title"));
    this.redoButton = button(game, "hoyito-redo", this.T("redo"), this.T("redo_title"));
    this.nextButton = button(game, "hoyito-next-round", this.T("next_round"), this.T("next_round_title"));
    this.hintButton = button(game, "hoyito-show-me", this.T("show_me"), this.T("show_me_title"));
    this.numbersButton = button(game, "hoyito-numbers", this.T("numbers"), this.T("numbers_title"));
    this.agreeButton = button(game, "hoyito-agree", (this.v && this.v.agree_label) || "");
    this.newButton.onclick = () => this.action("new");
    this.undoButton.onclick = () => this.action("undo");
    this.redoButton.onclick = () => this.action("redo");
    this.nextButton.onclick = () => this.action("next-round");
    this.hintButton.onclick = () => this.action("hints");
    this.agreeButton.onclick = () => this.action("agree");
    this.numbersButton.onclick = () => {
      this.model.set("numbers", !this.model.get("numbers"));
      this.model.save_changes();
    };

    this.question = html("div", { class: "hoyito-question", role: "alertdialog", hidden: "" }, root);
    this.questionText = html("span", {}, this.question);
    this.yesButton = button(this.question, "hoyito-yes", this.T("yes"));
    this.noButton = button(this.question, "hoyito-no", this.T("no"));
    this.yesButton.onclick = () => this.action("yes");
    this.noButton.onclick = () => this.action("no");
    this.offer = html("div", { class: "hoyito-offer" }, root);

    const settings = html("details", { class: "hoyito-settings" }, root);
    this.settingsBox = settings;
    html("summary", {}, settings, this.T("settings"));
    const row = html("div", { class: "hoyito-row" }, settings);
    this.variantPicker = this.picker(row, "hoyito-variant", this.T("game"));
    this.sizePicker = this.picker(row, "hoyito-size", this.T("board_size"));
    this.opponentPicker = this.picker(row, "hoyito-opponent", this.T("opponent"));
    this.sidePicker = this.picker(row, "hoyito-side-picker", this.T("you_play"));
    this.languagePicker = this.picker(row, "hoyito-language", this.T("language"));
    this.languagePicker.onchange = () => this.model.send({ type: "language", lang: this.languagePicker.value });
    const matchLabel = html("label", {}, row);
    this.matchBox = html("input", { type: "checkbox", class: "hoyito-mode" }, matchLabel);
    matchLabel.append(` ${this.T("match")}`);
    this.levelLine = html("div", { class: "hoyito-level-line" }, settings);
    html("div", { class: "hoyito-keys" }, settings,
      this.T("keys"));
    this.rules = html("div", { class: "hoyito-rules" }, settings);
    const send = () => this.sendSettings();
    for (const p of [this.variantPicker, this.sizePicker, this.opponentPicker, this.sidePicker]) {
      p.onchange = send;
    }
    this.matchBox.onchange = send;
    this.rounds = html("div", { class: "hoyito-rounds" }, root);
    this.movesBox = html("details", { class: "hoyito-moves" }, root);
    this.movesTitle = html("summary", {}, this.movesBox, this.T("moves"));
    this.movesList = html("ol", {}, this.movesBox);
  }

  picker(parent, cls, label) {
    const l = html("label", {}, parent, `${label} `);
    return html("select", { class: cls, "aria-label": label }, l);
  }

  // The SVG for a board of n holes per row: built once per size, then only updated.
  buildBoard(n) {
    this.n = n;
    const W = 2 * PILE + n * PIT;
    const s = this.svg;
    s.textContent = "";
    s.setAttribute("viewBox", `0 0 ${W} ${H}`);
    const defs = svg("defs", {}, s);
    const wood = svg("linearGradient", { id: "hoyito-wood", x1: "0", y1: "0", x2: "0", y2: "1" }, defs);
    svg("stop", { offset: "0", "stop-color": "#c08a4e" }, wood);
    svg("stop", { offset: "0.5", "stop-color": "#a8713a" }, wood);
    svg("stop", { offset: "1", "stop-color": "#8e5c2c" }, wood);
    const hollow = svg("radialGradient", { id: "hoyito-hollow", cx: "0.45", cy: "0.4", r: "0.65" }, defs);
    svg("stop", { offset: "0", "stop-color": "#5a3718" }, hollow);
    svg("stop", { offset: "1", "stop-color": "#7a4d24" }, hollow);
    const hatch = svg("pattern", { id: "hoyito-hatch", width: "10", height: "10", patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, defs);
    svg("rect", { width: "10", height: "10", fill: "#ddd" }, hatch);
    svg("rect", { width: "5", height: "10", fill: "#999" }, hatch);
    const glow = svg("filter", { id: "hoyito-glow", x: "-50%", y: "-50%", width: "200%", height: "200%" }, defs);
    svg("feGaussianBlur", { stdDeviation: "4" }, glow);
    svg("rect", { class: "hoyito-wood", x: 2, y: 2, width: W - 4, height: H - 4, rx: 46 }, s);
    // the captured piles: North's on the left, South's on the right (where each row ends)
    this.piles = [0, 1].map((p) => {
      const x = p === 0 ? W - PILE + 8 : 8;
      const g = svg("g", { class: `hoyito-captures hoyito-captures-${p}` }, s);
      svg("rect", { class: "hoyito-pile", x, y: 20, width: PILE - 16, height: H - 40, rx: 40 }, g);
      const stones = svg("g", {}, g);
      const name = svg("text", { class: "hoyito-pile-name", x: x + (PILE - 16) / 2, y: 46 }, g);
      const count = svg("text", { class: "hoyito-pile-count", x: x + (PILE - 16) / 2, y: H - 38 }, g);
      return { g, stones, name, count, cx: x + (PILE - 16) / 2, cy: H / 2 };
    });
    this.pits = [];
    for (let i = 0; i < 2 * n; i++) {
      const [x, y] = this.spot(i);
      const g = svg("g", { class: `hoyito-hole hoyito-hole-${i}`, tabindex: "0", role: "button", "data-hole": String(i) }, s);
      const title = svg("title", {}, g);
      svg("circle", { class: "hoyito-ring", cx: x, cy: y, r: R + 6 }, g);
      svg("circle", { class: "hoyito-last", cx: x, cy: y, r: R + 12 }, g);
      svg("circle", { class: "hoyito-pit", cx: x, cy: y, r: R }, g);
      svg("circle", { class: "hoyito-focus", cx: x, cy: y, r: R + 2 }, g);
      const stones = svg("g", {}, g);
      const below = i < n ? 1 : -1;
      const cy = y + below * (R + 22);
      svg("rect", { class: "hoyito-count-bg", x: x - 22, y: cy - 14, width: 44, height: 28, rx: 10 }, g);
      const count = svg("text", { class: "hoyito-count", x, y: cy }, g);
      const extra = svg("g", {}, g);
      g.addEventListener("click", (e) => this.pitClicked(i, e.detail));
      g.addEventListener("keydown", (e) => this.pitKey(i, e));
      this.pits.push({ g, title, stones, count, extra, x, y });
    }
    this.fly = svg("g", { class: "hoyito-fly", "pointer-events": "none" }, s);
  }

  spot(i) {
    const n = this.n;
    const col = i < n ? i : 2 * n - 1 - i;
    return [PILE + (col + 0.5) * PIT, ROW_Y[i < n ? 0 : 1]];
  }

  // -- drawing ----------------------------------------------------------------------------
  viewChanged() {
    const v = this.model.get("view") || {};
    const old = this.v;
    this.v = v;
    if (!v.n) return;
    const newGame = old.game !== v.game || old.n !== v.n;
    if (newGame || v.ply < this.lastFilmPly || (this.film === null && this.queue.length === 0)) {
      if (newGame || v.ply < this.lastFilmPly) this.dropFilms();
      this.shown = { board: v.board.slice(), captures: v.captures.slice() };
      this.lastFilmPly = v.ply;
    }
    if (newGame) { this.bannerHidden = false; this.paused = false; this.askedPly = null; }
    this.sent = null; // every click is answered with a new view
    if (v.notice && v.notice.text) this.localNotice = null;
    if (v.to_move !== this.skipPlayer && this.film === null && this.queue.length === 0) this.skipPlayer = null;
    if (this.n !== v.n) this.buildBoard(v.n);
    this.drawAll();
  }

  busy() {
    return this.film !== null || this.queue.length > 0;
  }

  drawAll() {
    this.drawBoard();
    this.drawText();
    this.drawControls();
  }

  names() {
    return this.v.names || this.texts.names || [];
  }

  drawBoard() {
    const v = this.v;
    if (!this.shown || !this.pits.length) return;
    const idle = !this.busy();
    const board = this.shown.board;
    const closed = new Set(v.closed || []);
    const playable = new Set(idle ? v.playable || [] : []);
    const hints = idle ? v.hints || {} : {};
    const numbers = this.model.get("numbers");
    const last = idle ? v.last_move : this.film ? null : null;
    const static_ = v.mode === "replay";
    const differ = new Set(idle ? v.differ || [] : []);
    this.root.classList.toggle("hoyito-static", static_);
    for (let i = 0; i < this.pits.length; i++) {
      const pit = this.pits[i];
      const count = board[i];
      const g = pit.g;
      g.setAttribute("data-seeds", String(count));
      g.classList.toggle("hoyito-playable", playable.has(i));
      g.classList.toggle("hoyito-closed", closed.has(i));
      g.classList.toggle("hoyito-empty", count === 0);
      g.classList.toggle("hoyito-last-move", last === i);
      g.classList.toggle("hoyito-diff", differ.has(i));
      const owner = (v.owners || [])[i] ?? (i < this.n ? 0 : 1);
      g.classList.toggle("hoyito-owner-0", owner === 0);
      g.classList.toggle("hoyito-owner-1", owner === 1);
      this.drawPebbles(pit, count, closed.has(i));
      pit.count.textContent = closed.has(i) ? "–" : String(count);
      pit.extra.textContent = "";
      if (numbers) { // on the pit's outer corner, so the middle strip stays free for Show me
        const ny = pit.y + (i < this.n ? R - 4 : -R + 4);
        svg("circle", { class: "hoyito-number-bg", cx: pit.x - R + 4, cy: ny, r: 13 }, pit.extra);
        svg("text", { class: "hoyito-number", x: pit.x - R + 4, y: ny }, pit.extra, String(i));
      }
      if (v.territory) {
        const ox = pit.x + R - 4;
        const oy = pit.y - R + 4;
        svg("circle", { class: `hoyito-owner-bg-${owner}`, cx: ox, cy: oy, r: 12 }, pit.extra);
        svg("text", { class: "hoyito-owner", x: ox, y: oy }, pit.extra, this.name(owner).slice(0, 1));
      }
      const hint = hints[String(i)];
      if (hint) {
        // in the strip between the rows, centred on the pit: never over a neighbour's label
        const hx = pit.x;
        const hy = (ROW_Y[0] + ROW_Y[1]) / 2;
        const label = (hint.takes > 0 ? `+${hint.takes}` : "+0") + (hint.gives ? ` −${hint.gives}` : "");
        const w = Math.min(PIT - 6, 14 + 10.5 * label.length);
        svg("rect", { class: `hoyito-hint-bg${hint.gives ? " hoyito-gives" : ""}`, x: hx - w / 2, y: hy - 12, width: w, height: 24, rx: 8 }, pit.extra);
        svg("text", { class: "hoyito-hint-text", x: hx, y: hy }, pit.extra, label);
      }
      let label = this.pitLabel(i, count, owner, closed.has(i), playable.has(i), last === i, hint);
      if (differ.has(i)) label += `, ${this.T("pit_differs")}`;
      g.setAttribute("aria-label", label);
      pit.title.textContent = label;
      if (static_) g.setAttribute("aria-disabled", "true");
    }
    for (const p of [0, 1]) {
      const pile = this.piles[p];
      const taken = this.shown.captures[p];
      const surplus = (v.surplus || [0, 0])[p];
      pile.count.textContent = surplus ? `${taken}+${surplus}` : String(taken);
      pile.name.textContent = this.name(p);
      pile.g.setAttribute("aria-label", this.T(surplus ? "captured_surplus" : "captured", { name: this.name(p), count: taken, surplus }));
      pile.stones.textContent = "";
      const shownStones = Math.min(taken, 48);
      for (let k = 0; k < shownStones; k++) {
        const [dx, dy] = pebbleSpot(k, 6.2);
        svg("circle", { class: "hoyito-pebble", cx: pile.cx + dx, cy: pile.cy - 6 + dy, r: 6, fill: STONES[k % STONES.length] }, pile.stones);
      }
    }
  }

  pitLabel(i, count, owner, closed, playable, last, hint) {
    const v = this.v;
    let whose;
    if (v.human === null || v.human === undefined) whose = (this.texts.pit_whose || [])[owner] ?? "";
    else whose = owner === v.human ? this.T("pit_yours") : this.T("pit_computer");
    const parts = [this.T("pit_hole", { hole: i }), whose];
    if (closed) parts.push(this.T("pit_closed"));
    else parts.push(this.T("pit_seeds", { count }));
    if (playable) parts.push(this.T("pit_playable"));
    if (last) parts.push(this.T("pit_last"));
    // the hint is a sentence of its own: "Hole 3, yours, 4 seeds, playable. Takes 4 seeds…"
    return parts.join(", ") + (hint ? `. ${hint.text}` : "");
  }

  drawPebbles(pit, count, closed) {
    pit.stones.textContent = "";
    if (closed) {
      svg("text", { class: "hoyito-closed-text", x: pit.x, y: pit.y }, pit.stones, this.T("closed_mark"));
      return;
    }
    if (count > MOST_PEBBLES) {
      svg("text", { class: "hoyito-full", x: pit.x, y: pit.y }, pit.stones, String(count));
      return;
    }
    const spread = count > 12 ? 7.2 : 10.5;
    const size = count > 12 ? 6.8 : 7.6;
    for (let k = 0; k < count; k++) {
      const [dx, dy] = pebbleSpot(k, spread);
      svg("circle", { class: "hoyito-pebble", cx: pit.x + dx, cy: pit.y + dy, r: size, fill: STONES[(k + pit.x) % STONES.length] }, pit.stones);
    }
  }

  drawText() {
    const v = this.v;
    const names = this.names();
    const idle = !this.busy();
    if (idle) {
      withScores(this.status, v.status || "");
    } else if (this.film) {
      const f = this.film;
      let key = "watch_side";
      if (v.human !== null && v.human !== undefined) key = f.player === v.human ? "watch_you" : "watch_computer";
      this.status.textContent = this.T(key, { who: this.name(f.player), hole: f.hole }) + (this.paused ? ` ${this.T("paused")}` : "");
    }
    const notice = this.localNotice || v.notice || { text: "", kind: "info" };
    this.notice.textContent = notice.text;
    this.notice.setAttribute("data-kind", notice.kind || "info");
    for (const p of [0, 1]) {
      const side = this.sides[p];
      side.textContent = "";
      html("span", { class: "hoyito-chip", "aria-hidden": "true" }, side);
      html("span", {}, side, this.T(p === 1 ? "row_top" : "row_bottom", { name: names[p] }));
      if (idle && v.to_move === p) html("span", { class: "hoyito-turn" }, side, this.T(v.thinking ? "thinking" : "to_move"));
    }
    const banner = idle ? v.banner : null;
    this.banner.hidden = !banner || this.bannerHidden;
    if (banner) {
      withScores(this.bannerTitle, banner.title);
      withScores(this.bannerWhy, banner.why);
      this.bannerNext.hidden = !(v.buttons && v.buttons.next_round);
      this.bannerNew.hidden = Boolean(v.buttons && v.buttons.next_round);
      this.bannerNew.textContent = this.T(v.mode === "replay" ? "watch_again" : "new_game");
    }
    const q = v.question;
    this.question.hidden = !q;
    if (q) this.questionText.textContent = `${q.text} `;
    this.offer.textContent = v.offer || "";
    if (v.agree_label) { this.agreeButton.textContent = v.agree_label; this.agreeButton.title = v.agree_label; }
    this.rules.textContent = v.limits || "";
    this.rounds.textContent = "";
    for (const line of v.rounds || []) html("div", {}, this.rounds, line);
    const replaying = v.mode === "replay";
    const moves = (v.moves || this.moveLog).slice(0, this.film && !replaying ? this.film.ply : undefined);
    const current = replaying ? (this.film ? this.film.ply : v.ply) : moves.length;
    this.movesTitle.textContent = moves.length ? this.T("moves_count", { count: moves.length }) : this.T("moves_none");
    if (replaying && !this.movesOpened) { this.movesBox.open = true; this.movesOpened = true; }
    this.movesList.textContent = "";
    moves.forEach(([player, hole, line], k) => {
      const li = html("li", { "data-player": String(player), "data-hole": String(hole), class: k === current - 1 ? "hoyito-move hoyito-latest" : "hoyito-move" }, this.movesList, line);
      li.value = k + 1;
      if (replaying) {
        li.setAttribute("tabindex", "0");
        li.setAttribute("role", "button");
        li.title = this.T("moves_goto", { move: k + 1 });
        const go = () => this.model.send({ type: "goto", move: k + 1 });
        li.onclick = go;
        li.onkeydown = (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(); } };
      }
    });
  }

  drawControls() {
    const v = this.v;
    const b = v.buttons || {};
    const busy = this.busy();
    // What the page is doing, for people (the status says it) and for tests (this attribute).
    const computerNext = v.human !== null && v.human !== undefined && v.to_move !== null
      && v.to_move !== undefined && v.to_move !== v.human;
    const mode = v.mode || "play";
    this.root.dataset.mode = mode;
    this.root.dataset.state = busy ? "animating" : v.thinking ? "thinking"
      : this.sent || computerNext ? "waiting" : v.playing ? "playing" : "idle";
    this.root.dataset.ply = String(busy && this.film ? this.film.ply - 1 : v.ply);
    this.speedPicker.value = this.model.get("speed");
    this.pauseButton.disabled = !busy || this.paused;
    // Replay playing through the game stays paused between two moves until Play is pressed
    const between = mode === "replay" && Boolean(v.playing);
    this.playButton.disabled = !(busy || between) || !this.paused;
    this.stepButton.disabled = !busy;
    this.skipButton.disabled = !busy;
    this.undoButton.disabled = busy || !b.undo;
    this.redoButton.disabled = busy || !b.redo;
    this.agreeButton.disabled = busy || !b.agree;
    // a disabled button says why (the computer agrees only after some quiet moves)
    const why = b.agree ? "" : v.agree_why || "";
    this.agreeButton.title = why ? `${v.agree_label || ""} (${why})` : v.agree_label || "";
    if (why) this.agreeButton.setAttribute("aria-description", why);
    else this.agreeButton.removeAttribute("aria-description");
    this.hintButton.disabled = busy || !b.hints;
    this.hintButton.setAttribute("aria-pressed", String(Boolean(v.hints_on)));
    this.numbersButton.setAttribute("aria-pressed", String(Boolean(this.model.get("numbers"))));
    this.nextButton.hidden = !b.match;
    for (const el of [this.newButton, this.undoButton, this.redoButton, this.hintButton, this.agreeButton, this.settingsBox]) {
      el.hidden = mode !== "play";
    }
    this.replayRow.hidden = mode !== "replay";
    if (mode === "replay") this.drawReplayControls(busy);
    this.nextButton.disabled = busy || !b.next_round;
    const c = v.choices || {};
    const s = v.settings || {};
    this.fill(this.variantPicker, c.variants || [], s.variant);
    this.fill(this.sizePicker, (c.sizes || []).map((k) => [String(k), this.T("size", { n: k })]), String(s.holes_per_row));
    // short options (a phone's width); the level's plain line is written below the menu
    const opponents = [["person", this.T("person"), this.T("person")]].concat(
      (c.opponents || []).map(([name, line, level]) => [name, this.T("computer_option", { level }), line]));
    this.fill(this.opponentPicker, opponents.map(([name, label]) => [name, label]), s.opponent === null ? "person" : s.opponent);
    this.fill(this.sidePicker, [["0", this.T("side_0")], ["1", this.T("side_1")]], String(s.human));
    this.sidePicker.disabled = s.opponent === null;
    this.fill(this.languagePicker, v.languages || [], v.lang);
    this.languagePicker.parentElement.hidden = !(v.languages || []).length;
    this.matchBox.checked = Boolean(s.match);
    const line = opponents.find(([name]) => name === (s.opponent === null ? "person" : s.opponent));
    this.levelLine.textContent = line ? line[2] : "";
  }

  drawReplayControls(busy) {
    const v = this.v;
    const r = v.replay || {};
    const total = r.total || 0;
    const at = busy && this.film ? this.film.ply : v.ply;
    this.gotoInput.max = String(total);
    this.gotoInput.value = String(at);
    this.gotoText.textContent = ` ${this.T("goto_text", { at, total })}`;
    this.replayStart.disabled = v.ply === 0 && !busy;
    this.replayBack.disabled = v.ply === 0 && !busy;
    this.replayForward.disabled = v.ply >= total || Boolean(v.playing);
    this.replayEnd.disabled = v.ply >= total && !busy;
    this.replayPlay.textContent = this.T(v.playing ? "replay_stop" : "replay_play");
    this.replayPlay.setAttribute("aria-pressed", String(Boolean(v.playing)));
    this.replayPlay.disabled = total === 0; // at the end it plays the game from the start
    const rounds = r.rounds || [];
    this.roundPicker.hidden = rounds.length < 2;
    this.fill(this.roundPicker, rounds.map(([k, label]) => [String(k), label]), String(r.round));
    this.askNext();
  }

  // Replay playing through the game: once a move has been shown, ask the kernel for the next.
  askNext() {
    const v = this.v;
    if (!v.playing || this.busy() || this.paused) return;
    if (this.askedPly === v.ply || v.ply < this.lastFilmPly) return;
    this.askedPly = v.ply;
    clearTimeout(this.nextTimer);
    this.nextTimer = setTimeout(() => {
      this.nextTimer = null;
      if (this.v.playing && this.v.ply === this.askedPly) this.model.send({ type: "next", ply: this.v.ply });
    }, Math.max(250, 4 * this.ms()));
  }

  fill(select, options, value) {
    const key = JSON.stringify(options);
    if (select.dataset.options !== key) {
      select.textContent = "";
      for (const [val, label] of options) html("option", { value: val }, select, label);
      select.dataset.options = key;
    }
    if (value !== undefined && value !== null) select.value = value;
  }

  // -- talking to the kernel --------------------------------------------------------------
  action(name) {
    this.localNotice = null;
    this.model.send({ type: "action", name });
  }

  sendSettings() {
    const opponent = this.opponentPicker.value;
    this.model.send({
      type: "settings",
      settings: {
        variant: this.variantPicker.value,
        holes_per_row: Number(this.sizePicker.value),
        opponent: opponent === "person" ? null : opponent,
        human: Number(this.sidePicker.value),
        match: this.matchBox.checked,
      },
    });
  }

  say(text) {
    this.localNotice = { text, kind: "refused" };
    this.drawText();
  }

  pitClicked(i, clicks) {
    const v = this.v;
    if (v.mode !== "play") {
      this.model.send({ type: "click", hole: i });
      return;
    }
    // The browser counts every click or tap that comes soon after another (`detail`): only
    // the second click of one double click, on the position the first one played from, is
    // swallowed; a click on a new position (a tap right after the board updated) is a move.
    const samePosition = this.sent && this.sent[0] === v.game && this.sent[1] === v.ply;
    if (clicks > 1 && samePosition) return this.say(this.T("double_click", { hole: i }));
    if (this.busy()) return this.say(this.T("busy", { hole: i }));
    if (v.thinking) return this.say(this.T("busy_thinking", { hole: i }));
    if (samePosition) return this.say(this.T("on_its_way", { hole: i }));
    this.localNotice = null;
    this.sent = [v.game, v.ply];
    this.model.send({ type: "click", hole: i, ply: v.ply, game: v.game });
    this.drawText();
    this.drawControls();
  }

  pitKey(i, e) {
    const n = this.n;
    const col = i < n ? i : 2 * n - 1 - i;
    const row = i < n ? 0 : 1;
    const at = (r, c) => (r === 0 ? c : 2 * n - 1 - c);
    let next = null;
    if (e.key === "ArrowRight") next = at(row, Math.min(n - 1, col + 1));
    else if (e.key === "ArrowLeft") next = at(row, Math.max(0, col - 1));
    else if (e.key === "ArrowUp") next = at(1, col);
    else if (e.key === "ArrowDown") next = at(0, col);
    else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      this.pitClicked(i, 1);
      return;
    } else return;
    e.preventDefault();
    this.pits[next].g.focus();
  }

  // -- films ------------------------------------------------------------------------------
  receiveFilm(f) {
    this.queue.push(f);
    this.lastFilmPly = f.ply;
    if (this.film === null) this.nextFilm();
  }

  dropFilms() {
    clearTimeout(this.timer);
    this.timer = null;
    this.queue = [];
    this.film = null;
    this.fly && (this.fly.textContent = "");
    this.caption.textContent = "";
  }

  instant(f) {
    return MS_PER_SEED[this.model.get("speed")] === 0 || reducedMotion() || this.skipPlayer === f.player;
  }

  nextFilm() {
    clearTimeout(this.timer);
    this.timer = null;
    const f = this.queue.shift();
    if (!f) {
      this.film = null;
      this.caption.textContent = this.lastLine || "";
      if (this.v.ply >= this.lastFilmPly) {
        this.shown = { board: this.v.board.slice(), captures: this.v.captures.slice() };
      }
      this.drawAll();
      return;
    }
    if (this.skipPlayer !== null && this.skipPlayer !== f.player) this.skipPlayer = null;
    this.film = f;
    this.index = 0;
    this.shown = { board: f.before.slice(), captures: f.captures_before.slice() };
    this.hand = { seeds: 0, hole: f.hole, lap: 1 };
    this.lastLine = f.line;
    if (this.instant(f)) return this.endFilm();
    this.drawAll();
    this.schedule();
  }

  endFilm() {
    const f = this.film;
    this.fly.textContent = "";
    this.clearMarks();
    this.shown = { board: f.after.slice(), captures: f.captures_after.slice() };
    this.film = null;
    this.nextFilm();
  }

  ms() {
    return MS_PER_SEED[this.model.get("speed")] || 0;
  }

  duration(step) {
    const d = this.ms();
    const kind = step[0];
    if (kind === "drop") return d;
    if (kind === "lift" || kind === "relay") return 1.6 * d;
    if (kind === "capture") return Math.max(5 * d, 350);
    if (kind === "skip" || kind === "stop") return 12 * d;
    if (kind === "again" || kind === "pass") return 6 * d;
    return d;
  }

  schedule() {
    clearTimeout(this.timer);
    this.timer = null;
    if (!this.film || this.paused) return;
    if (this.instant(this.film)) return this.endFilm();
    const step = this.film.steps[this.index];
    if (!step) {
      this.timer = setTimeout(() => this.endFilm(), this.ms() * 2);
      return;
    }
    const wait = this.duration(step);
    this.animate(step, wait);
    this.timer = setTimeout(() => {
      this.commit(step);
      this.index += 1;
      this.schedule();
    }, wait);
  }

  clearMarks() {
    for (const pit of this.pits) pit.g.classList.remove("hoyito-lift", "hoyito-drop", "hoyito-relay", "hoyito-casa");
  }

  mark(hole, cls) {
    this.clearMarks();
    if (hole >= 0 && this.pits[hole]) this.pits[hole].g.classList.add(cls);
  }

  // Movement only: what the step looks like while it happens.
  animate(step, wait) {
    const kind = step[0];
    if (kind === "drop") {
      const from = this.hand.hole;
      this.flyPebbles(from, step[1], 1, wait * 0.85);
    } else if (kind === "capture" && step[1] >= 0) {
      this.mark(step[1], "hoyito-casa");
      this.caption.textContent = this.captureCaption(step);
      this.flyPebbles(step[1], `pile-${step[3]}`, Math.min(step[2], 8), wait * 0.7, wait * 0.3);
    }
  }

  flyPebbles(from, to, count, duration, delay = 0) {
    const a = this.where(from);
    const b = this.where(to);
    if (!a || !b || duration < 16) return;
    for (let k = 0; k < count; k++) {
      const [dx, dy] = pebbleSpot(k, 6);
      const c = svg("circle", { class: "hoyito-pebble", cx: 0, cy: 0, r: 7, fill: STONES[k % STONES.length] }, this.fly);
      const lift = Math.min(60, Math.hypot(b[0] - a[0], b[1] - a[1]) / 3);
      const anim = c.animate(
        [
          { transform: `translate(${a[0] + dx}px, ${a[1] + dy}px)` },
          { transform: `translate(${(a[0] + b[0]) / 2 + dx}px, ${(a[1] + b[1]) / 2 - lift + dy}px)`, offset: 0.5 },
          { transform: `translate(${b[0] + dx}px, ${b[1] + dy}px)` },
        ],
        { duration, delay, easing: "ease-in-out", fill: "forwards" },
      );
      anim.onfinish = () => c.remove();
      anim.oncancel = () => c.remove();
    }
  }

  where(place) {
    if (typeof place === "string") {
      const p = this.piles[Number(place.split("-")[1])];
      return [p.cx, p.cy];
    }
    const pit = this.pits[place];
    return pit ? [pit.x, pit.y] : null;
  }

  // ["capture", hole (-1: from the hand), seeds, taker, reason]: against the computer "the
  // computer takes…", as its lift said, never "North takes…"; between two people the side.
  captureCaption(step) {
    const v = this.v;
    const human = v.human !== null && v.human !== undefined;
    const taker = !human ? "side" : step[3] === v.human ? "you" : "computer";
    const because = (this.texts.because || {})[step[4]] ?? step[4];
    const key = step[1] >= 0 ? `capture_${taker}` : `capture_hand_${taker}`;
    return this.T(key, { taker: this.name(step[3]), seeds: step[2], hole: step[1], because });
  }

  // What the step changes on the board (counts, captures, the hand), shown at once.
  commit(step) {
    const f = this.film;
    const s = this.shown;
    const kind = step[0];
    const who = this.v.human !== null && this.v.human !== undefined
      ? (f.player === this.v.human ? "you" : "computer")
      : "side";
    const name = this.name(f.player);
    if (kind === "lift" || kind === "relay") {
      s.board[step[1]] -= step[2];
      this.hand = { seeds: step[2], hole: step[1], lap: step[3] };
      this.mark(step[1], kind === "lift" ? "hoyito-lift" : "hoyito-relay");
      this.caption.textContent = kind === "lift"
        ? this.T(`lift_${who}`, { who: name, count: step[2], hole: step[1] })
        : this.T("relay", { lap: step[3], count: step[2] });
    } else if (kind === "drop") {
      s.board[step[1]] = step[2];
      this.hand = { seeds: step[3], hole: step[1], lap: step[4] };
      this.mark(step[1], "hoyito-drop");
      this.caption.textContent = step[3] ? this.T("in_hand", { lap: step[4], count: step[3] }) : this.T("last_of_lap", { lap: step[4] });
    } else if (kind === "capture") {
      if (step[1] >= 0) s.board[step[1]] -= step[2];
      s.captures[step[3]] += step[2];
      this.caption.textContent = this.captureCaption(step);
    } else if (kind === "skip") {
      s.board = step[1].slice();
      s.captures = step[2].slice();
      this.caption.textContent = this.T(`skip_${step[4]}`, { later: step[5], last: step[3] });
    } else if (kind === "stop") {
      this.caption.textContent = this.T(`stop_${step[2]}`, { hole: step[1], lap: step[3], repeats: step[4], laps: step[4] });
    } else if (kind === "again") {
      this.caption.textContent = this.T(`again_${who}`, { who: name });
    } else if (kind === "pass") {
      this.caption.textContent = this.T("pass_side", { who: this.name(step[1]) });
    }
    this.drawBoard();
    this.drawText();
  }

  pause() {
    this.paused = true;
    clearTimeout(this.timer);
    this.timer = null;
    this.fly.textContent = "";
    this.drawAll();
  }

  resume() {
    this.paused = false;
    this.drawAll();
    this.schedule();
  }

  step() {
    if (!this.film) return;
    clearTimeout(this.timer);
    this.timer = null;
    this.fly.textContent = "";
    const step = this.film.steps[this.index];
    if (!step) return this.endFilm();
    this.commit(step);
    this.index += 1;
    if (this.index >= this.film.steps.length) return this.endFilm();
    this.drawControls();
    this.schedule();
  }

  // Skip: the end of this move, and of the same player's moves queued or still to come
  // (a run of extra turns).
  skip() {
    if (!this.film) return;
    if (this.v.mode === "play") this.skipPlayer = this.film.player;
    this.endFilm();
  }
}

// One column of CompareRules: the board page of `view.columns[k]`, with films for column k.
function columnModel(model, k) {
  const wrapped = new Map();
  return {
    get: (name) => (name === "view" ? ((model.get("view") || {}).columns || [])[k] || {} : model.get(name)),
    set: (name, value) => model.set(name, value),
    save_changes: () => model.save_changes(),
    send: (content) => model.send({ ...content, column: k }),
    on(event, fn) {
      const w = event === "msg:custom" ? (msg) => msg && msg.column === k && fn(msg) : fn;
      wrapped.set(fn, w);
      model.on(event, w);
    },
    off(event, fn) {
      model.off(event, wrapped.get(fn) || fn);
    },
  };
}

// CompareRules: the same hole sown under several rules, one small board each, a table below.
class ComparePage extends Page {
  constructor(model, host) {
    super();
    this.model = model;
    this.texts = model.get("texts") || {};
    this.columns = [];
    const root = html("div", { class: "hoyito-board hoyito-compare", "data-mode": "compare" }, host);
    root.lang = this.texts.lang || "en";
    this.root = root;
    this.status = html("div", { class: "hoyito-status", role: "status", "aria-live": "polite" }, root);
    const form = html("div", { class: "hoyito-row hoyito-compare-form" }, root);
    const typed = html("label", { class: "hoyito-board-label" }, form, `${this.T("typed")} `);
    this.boardInput = html("input", { type: "text", class: "hoyito-board-text", spellcheck: "false", autocomplete: "off" }, typed);
    this.playerPicker = this.picker(form, "hoyito-player-picker", this.T("player"));
    this.setButton = button(form, "hoyito-set-board", this.T("set_board"), this.T("set_board_title"));
    this.boardInput.onkeydown = (e) => { if (e.key === "Enter") this.sendBoard(); };
    this.setButton.onclick = () => this.sendBoard();
    const choose = html("div", { class: "hoyito-row" }, root);
    this.holePicker = this.picker(choose, "hoyito-hole-picker", this.T("hole_to_sow"));
    this.holePicker.onchange = () => model.send({ type: "hole", hole: Number(this.holePicker.value) });
    this.againButton = button(choose, "hoyito-again", this.T("sow_again"), this.T("sow_again_title"));
    this.pauseButton = button(choose, "hoyito-pause", this.T("pause"), this.T("c_pause_title"));
    this.playButton = button(choose, "hoyito-play", this.T("resume"), this.T("c_resume_title"));
    this.stepButton = button(choose, "hoyito-step", this.T("step"), this.T("c_step_title"));
    this.skipButton = button(choose, "hoyito-skip", this.T("skip"), this.T("c_skip_title"));
    this.speedPicker = this.picker(choose, "hoyito-speed", this.T("animation"));
    this.fill(this.speedPicker, ["off", "slow", "normal", "fast"].map((s) => [s, (this.texts.speeds || {})[s] ?? s]), model.get("speed"));
    this.againButton.onclick = () => model.send({ type: "action", name: "again" });
    this.pauseButton.onclick = () => this.each((b) => b.pause());
    this.playButton.onclick = () => this.each((b) => b.resume());
    this.stepButton.onclick = () => this.each((b) => b.step());
    this.skipButton.onclick = () => this.each((b) => b.skip());
    this.speedPicker.onchange = () => {
      model.set("speed", this.speedPicker.value);
      model.save_changes();
    };
    this.notice = html("div", { class: "hoyito-notice", role: "alert" }, root);
    this.grid = html("div", { class: "hoyito-compare-grid" }, root);
    this.differ = html("p", { class: "hoyito-differ-line" }, root);
    this.table = html("table", { class: "hoyito-table" }, root);
    this.onView = () => this.draw();
    model.on("change:view", this.onView);
    this.ticker = setInterval(() => this.drawState(), 100);
    this.draw();
  }

  picker(parent, cls, label) {
    const l = html("label", {}, parent, `${label} `);
    return html("select", { class: cls, "aria-label": label }, l);
  }

  fill(select, options, value) {
    BoardPage.prototype.fill.call(this, select, options, value);
  }

  each(fn) {
    for (const c of this.columns) fn(c.page);
    this.drawState();
  }

  destroy() {
    clearInterval(this.ticker);
    this.model.off("change:view", this.onView);
    for (const c of this.columns) c.page.destroy();
  }

  sendBoard() {
    this.model.send({ type: "board", text: this.boardInput.value, player: Number(this.playerPicker.value) });
  }

  draw() {
    const v = this.model.get("view") || {};
    const cols = v.columns || [];
    if (this.columns.length !== cols.length) {
      for (const c of this.columns) c.page.destroy();
      this.grid.textContent = "";
      this.columns = cols.map((_, k) => {
        const box = html("section", { class: `hoyito-column hoyito-column-${k}` }, this.grid);
        const title = html("h4", { class: "hoyito-column-title" }, box);
        const note = html("p", { class: "hoyito-column-note" }, box);
        const holder = html("div", {}, box);
        return { box, title, note, page: new BoardPage(columnModel(this.model, k), holder) };
      });
    }
    cols.forEach((c, k) => {
      this.columns[k].title.textContent = c.title || "";
      this.columns[k].note.textContent = c.note || "";
      this.columns[k].box.classList.toggle("hoyito-cannot", !c.played);
    });
    this.status.textContent = v.status || "";
    const notice = v.notice || { text: "", kind: "info" };
    this.notice.textContent = notice.text || "";
    this.notice.setAttribute("data-kind", notice.kind || "info");
    const form = v.form || {};
    if (form.text !== undefined && form.text !== this.shownText) {
      this.boardInput.value = form.text; // only when the kernel set a new board: typing stays
      this.shownText = form.text;
    }
    this.boardInput.setAttribute("aria-label", this.T("typed_aria"));
    const names = this.texts.names || [];
    this.fill(this.playerPicker, [["0", names[0]], ["1", names[1]]], String(form.player ?? 0));
    this.fill(this.holePicker, (form.holes || []).map((h) => [String(h), this.T("hole_option", { hole: h })]), String(form.hole));
    this.speedPicker.value = this.model.get("speed");
    this.drawTable(v.table || {});
    this.drawState();
  }

  drawTable(t) {
    const heads = t.head || [];
    const differs = new Set(t.differs || []);
    this.differ.textContent = t.differ_line || "";
    this.table.textContent = "";
    const head = html("tr", {}, html("thead", {}, this.table));
    const mark = this.T("differs"); // the table's CSS writes it after each differing heading
    heads.forEach((h, j) => html("th", { scope: "col", class: differs.has(j) ? "hoyito-differs" : "", "data-differs": mark }, head, h));
    const body = html("tbody", {}, this.table);
    for (const row of t.rows || []) {
      const tr = html("tr", {}, body);
      row.forEach((cell, j) => {
        const attrs = { "data-label": heads[j] || "" };
        if (differs.has(j)) Object.assign(attrs, { class: "hoyito-differs", "data-differs": mark });
        withScores(html(j === 0 ? "th" : "td", j === 0 ? { ...attrs, scope: "row" } : attrs, tr), cell);
      });
    }
  }

  drawState() {
    const busy = this.columns.some((c) => c.page.busy());
    const paused = this.columns.some((c) => c.page.paused);
    this.root.dataset.state = busy ? "animating" : "idle";
    this.pauseButton.disabled = !busy || paused;
    this.playButton.disabled = !busy || !paused;
    this.stepButton.disabled = !busy;
    this.skipButton.disabled = !busy;
  }
}

export default {
  render({ model, el }) {
    let page = null;
    // Drawn anew when the language changes: every word comes from `texts`.
    const draw = () => {
      // the open menus stay open (the language is chosen in the settings menu)
      const open = (box) => Boolean(page && page[box] && page[box].open);
      const wasOpen = { settingsBox: open("settingsBox"), movesBox: open("movesBox") };
      const hadFocus = Boolean(page && page.languagePicker && document.activeElement === page.languagePicker);
      if (page) page.destroy();
      el.textContent = "";
      const compare = (model.get("view") || {}).mode === "compare";
      page = compare ? new ComparePage(model, el) : new BoardPage(model, el);
      for (const [box, isOpen] of Object.entries(wasOpen)) if (isOpen && page[box]) page[box].open = true;
      if (hadFocus && page.languagePicker) page.languagePicker.focus();
      el.hoyitoBoard = page; // for tests and benchmarks
    };
    draw();
    model.on("change:texts", draw);
    return () => {
      model.off("change:texts", draw);
      page.destroy();
    };
  },
};
