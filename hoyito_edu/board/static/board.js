// The hoyito_edu board in the page: draws the `view` the kernel sends (an SVG board and its
// controls) and animates each move's film by itself. It never decides what is legal: every
// click goes to the kernel with the ply and game it was made at, and the kernel answers.
//
// Phone first (issue 25): the board's shape is chosen by the space it has (a ResizeObserver on
// the board, never the device): a row of holes per player when the holes stay at least 44 px
// wide and their counts 14 px, else the board turned so the rows run down the screen. The
// person's own row is always the one nearest to them (North plays from the bottom too). The
// page keeps the game's record on this device (localStorage) and offers to go on with it when
// its kernel is gone.

const SVGNS = "http://www.w3.org/2000/svg";
const MS_PER_SEED = { off: 0, slow: 260, normal: 105, fast: 40 };
const MOST_PEBBLES = 20; // more seeds than this: a number instead of pebbles
const STONES = ["#f4ecd8", "#d9d2c5", "#c9b99f", "#e9dcc0"];
const MAX_SCALE = 1.3;
const COUNT_FONT = 27; // SVG units, also in board.css
const SKINS = ["earth", "concrete", "wood"]; // the first is the default
const STORE = "hoyito-board:v1:"; // localStorage key prefix

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

// An id no other element of the page has (a board's dialogs are named by their own text).
let lastId = 0;
function uniqueId(stem) {
  lastId += 1;
  return `${stem}-${lastId}`;
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


// Where everything sits on a board of n holes a row, in SVG units. `tall` and `short` put each
// player's holes in a row (tall leaves room for Show me's marks between the rows); `column`
// turns the board so the rows run down the screen (2 × 12 on a phone held upright). Row r = 0
// is the person's own (nearest to them: at the bottom, or on the right when turned); c counts
// along the row in the direction the seeds go, so sowing always runs counterclockwise.
function geometry(n, layout) {
  if (layout === "column") {
    const P = 92;
    const H = n * P + 16;
    return {
      layout, n, R: 40, W: 480, H, hintW: 96, min: minScale(40),
      at: (r, c) => [r === 0 ? 330 : 150, H - 8 - (c + 0.5) * P],
      count: (r, x, y) => [r === 0 ? 428 : 52, y],
      hint: (x, y) => [240, y],
      out: (r) => [r === 0 ? 1 : -1, 0],
    };
  }
  const tall = layout === "tall";
  const P = 100;
  const R = tall ? 42 : 40;
  const rowY = tall ? [280, 120] : [212, 88];
  return {
    layout, n, R, W: n * P + 8, H: tall ? 400 : 300, hintW: P - 6, min: minScale(R),
    at: (r, c) => [4 + (c + 0.5) * P, rowY[r]],
    count: (r, x, y) => [x, y + (r === 0 ? 1 : -1) * (R + 24)],
    hint: (x) => [x, (rowY[0] + rowY[1]) / 2],
    out: (r) => [0, r === 0 ? 1 : -1],
  };
}

// The smallest scale a board with pits of radius R is drawn at: pits at least 44 px wide,
// counts at least 14 px high (WCAG 2.5.5 target size; readable on a cheap phone).
function minScale(R) {
  return Math.max(44.5 / (2 * R), 14.2 / COUNT_FONT);
}

// The layout that fits `width` x `height` CSS pixels: tall rows when they fit at full width,
// short rows when the holes stay big enough, else the board turned.
function chooseLayout(n, width, height) {
  const tall = geometry(n, "tall");
  const short = geometry(n, "short");
  const s = Math.min(width / tall.W, MAX_SCALE);
  if (s >= tall.min && tall.H * s <= height) return "tall";
  if (width / short.W >= short.min) return "short";
  return "column";
}

// The scale a layout is drawn at: as big as the space allows, never under its minimum (the
// page scrolls instead) unless the width itself is smaller.
function chooseScale(g, width, height) {
  const fit = Math.min(width / g.W, height / g.H, MAX_SCALE);
  return Math.min(Math.max(fit, g.min), width / g.W);
}

function storage() {
  try {
    return window.localStorage || null;
  } catch (e) {
    return null; // storage refused (private mode, a sandboxed frame): nothing is kept
  }
}

// Show me's mark on a hole: "+4" (seeds the move takes), "−12" (the most the reply can take).
function hintMark(hint) {
  return (hint.takes > 0 ? `+${hint.takes}` : "+0") + (hint.gives ? ` −${hint.gives}` : "");
}

function sameSettings(a, b) {
  const keys = ["variant", "holes_per_row", "opponent", "human", "match"];
  return Boolean(a && b) && keys.every((k) => a[k] === b[k]);
}

class BoardPage extends Page {
  constructor(model, host, key = null) {
    super();
    this.model = model;
    this.host = host;
    this.key = key; // where this board keeps its game on this device (null: nowhere)
    this.v = model.get("view") || {};
    this.n = 0;
    this.geo = null;
    this.layout = null;
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
    this.selected = null; // Show me: the hole whose hint is written out (a first tap)
    this.pressed = null; // the hole tapped, shown pressed until the kernel answers
    this.record = null; // the game's record as the kernel last told it
    this.offered = null; // a record kept on this device, offered to be continued
    this.kept = this.loadKept();
    this.texts = model.get("texts") || {};
    this.skin = SKINS.includes(this.kept.skin) ? this.kept.skin : SKINS[0];
    this.build();
    this.onView = () => this.viewChanged();
    this.moveLog = []; // the board's list of moves, kept here: each message adds only what changed
    this.onMsg = (msg) => {
      if (msg && msg.type === "film") this.receiveFilm(msg.film);
      else if (msg && msg.type === "log") this.receiveLog(msg);
      else if (msg && msg.type === "record") this.receiveRecord(msg);
    };
    this.onSpeed = () => {
      this.keep({ speed: this.model.get("speed") });
      this.drawControls();
    };
    this.onNumbers = () => {
      this.keep({ numbers: Boolean(this.model.get("numbers")) });
      this.drawBoard();
      this.drawControls(); // the button's pressed look
    };
    model.on("change:view", this.onView);
    model.on("msg:custom", this.onMsg);
    model.on("change:speed", this.onSpeed);
    model.on("change:numbers", this.onNumbers);
    this.onResize = () => this.fit();
    if (window.ResizeObserver) {
      this.resizer = new ResizeObserver(() => this.fit());
      this.resizer.observe(this.root);
    }
    window.addEventListener("resize", this.onResize);
    this.viewChanged();
    this.applyKept();
    // a page opened on a board already in play (a second view, a reload) asks for the moves
    if (["play", "replay"].includes((model.get("view") || {}).mode)) model.send({ type: "hello" });
  }

  receiveLog(msg) {
    this.logVersion = (this.logVersion || 0) + 1;
    this.moveLog = this.moveLog.slice(0, msg.start).concat(msg.lines || []);
    this.drawText();
  }

  destroy() {
    clearTimeout(this.timer);
    clearTimeout(this.nextTimer);
    if (this.resizer) this.resizer.disconnect();
    window.removeEventListener("resize", this.onResize);
    this.model.off("change:view", this.onView);
    this.model.off("msg:custom", this.onMsg);
    this.model.off("change:speed", this.onSpeed);
    this.model.off("change:numbers", this.onNumbers);
  }

  name(p) {
    return (this.texts.names || [])[p] ?? "";
  }

  // -- kept on this device ------------------------------------------------------------------
  loadKept() {
    const store = this.key && storage();
    if (!store) return {};
    try {
      const kept = JSON.parse(store.getItem(STORE + this.key) || "{}");
      return kept && typeof kept === "object" && !Array.isArray(kept) ? kept : {};
    } catch (e) {
      return {}; // a broken entry is forgotten, never a broken board
    }
  }

  keep(changes) {
    Object.assign(this.kept, changes);
    const store = this.key && storage();
    if (!store) return;
    try {
      store.setItem(STORE + this.key, JSON.stringify(this.kept));
    } catch (e) {
      // storage full or refused: the board plays on, it only cannot keep the game
    }
  }

  // Speed, hole numbers and language come back at once; settings only when there is no game
  // to offer (a kept game brings its own settings).
  applyKept() {
    if (!this.key || this.v.mode !== "play") return;
    const k = this.kept;
    if (k.speed && MS_PER_SEED[k.speed] !== undefined && k.speed !== this.model.get("speed")) {
      this.model.set("speed", k.speed);
      this.model.save_changes();
    }
    if (typeof k.numbers === "boolean" && k.numbers !== Boolean(this.model.get("numbers"))) {
      this.model.set("numbers", k.numbers);
      this.model.save_changes();
    }
    const speaks = this.texts.lang || this.v.lang; // the words come before the view
    if (k.lang && k.lang !== speaks && (this.v.languages || []).some(([code]) => code === k.lang)) {
      this.model.send({ type: "language", lang: k.lang });
    }
  }

  // The kernel's game is new when it holds none of the person's moves: empty, or only the
  // computer's opening (the person plays North). The move list came just before the record.
  kernelGameIsNew(items) {
    if (!items.length) return true;
    const human = this.v.human;
    if (human === null || human === undefined || this.moveLog.length !== items.length) return false;
    return this.moveLog.every(([player]) => player !== human);
  }

  // The kernel's record: kept on this device, unless a kept game is waiting to be offered
  // and the kernel's is new (a new kernel: the kept game must not be overwritten).
  receiveRecord(msg) {
    const items = (this.record ? this.record.holes.slice(0, msg.start) : []).concat(msg.items || []);
    this.record = { holes: items, settings: msg.settings, over: Boolean(msg.over) };
    const fresh = this.kernelGameIsNew(items);
    if (this.offered === null && this.key && this.v.mode === "play") {
      const kept = this.kept.record;
      const longer = kept && Array.isArray(kept.holes) && kept.holes.length > items.length;
      if (fresh && longer && !kept.over) {
        this.offered = kept;
        this.drawText();
        return;
      }
      if (fresh && kept && kept.settings && !sameSettings(kept.settings, msg.settings)) {
        this.offered = false; // no game to go on with: the kept settings come back at once
        this.model.send({ type: "settings", settings: kept.settings });
        return;
      }
      this.offered = false;
    }
    if (this.offered && fresh) return; // still offered: keep what is kept
    this.offered = false;
    this.keep({ record: this.record });
  }

  answerOffer(yes) {
    const kept = this.offered;
    this.offered = false;
    if (yes && kept) {
      this.model.send({ type: "restore", holes: kept.holes, settings: kept.settings });
    } else if (this.record) {
      this.keep({ record: this.record });
    }
    this.drawText();
  }

  // -- building ---------------------------------------------------------------------------
  build() {
    const root = html("div", { class: "hoyito-board" }, this.host);
    root.lang = this.texts.lang || "en"; // for screen readers: the page's own language
    root.dataset.skin = this.skin;
    this.root = root;
    // The board first, with each player's captured pile beside their row; every line that
    // comes and goes is written below it, so nothing moves the holes under a finger.
    const stage = html("div", { class: "hoyito-stage" }, root);
    this.stage = stage;
    this.sides = [null, null];
    this.sides[1] = this.side(stage, 1);
    const holder = html("div", { class: "hoyito-holder" }, stage);
    this.svg = svg("svg", { class: "hoyito-svg", role: "group", "aria-label": this.T("board") }, holder);
    this.svg.addEventListener("pointerdown", (e) => this.pointerDown(e));
    this.banner = html("div", { class: "hoyito-banner", role: "dialog", hidden: "" }, holder);
    this.bannerTitle = html("h2", { id: uniqueId("hoyito-banner-title") }, this.banner);
    this.banner.setAttribute("aria-labelledby", this.bannerTitle.id);
    this.bannerWhy = html("p", {}, this.banner);
    const bannerRow = html("div", {}, this.banner);
    this.bannerNew = button(bannerRow, "hoyito-banner-new", this.T("new_game"));
    this.bannerNext = button(bannerRow, "hoyito-banner-next", this.T("next_round"));
    this.bannerHide = button(bannerRow, "hoyito-banner-hide", this.T("see_board"));
    this.bannerNew.onclick = () => this.action(this.v.mode === "replay" ? "start" : "new");
    this.bannerNext.onclick = () => this.action("next-round");
    this.bannerHide.onclick = () => { this.bannerHidden = true; this.banner.hidden = true; };
    // a game kept on this device, offered when the kernel is new (a reload, a phone asleep)
    this.resumeBox = html("div", { class: "hoyito-resume", role: "dialog", hidden: "" }, holder);
    this.resumeText = html("p", { id: uniqueId("hoyito-resume-text") }, this.resumeBox);
    this.resumeBox.setAttribute("aria-labelledby", this.resumeText.id);
    const resumeRow = html("div", {}, this.resumeBox);
    this.resumeYes = button(resumeRow, "hoyito-resume-yes", this.T("resume_yes"));
    this.resumeNo = button(resumeRow, "hoyito-resume-no", this.T("resume_no"));
    this.resumeYes.onclick = () => this.answerOffer(true);
    this.resumeNo.onclick = () => this.answerOffer(false);
    this.sides[0] = this.side(stage, 0);
    this.status = html("div", { class: "hoyito-status", role: "status", "aria-live": "polite" }, root);
    this.notice = html("div", { class: "hoyito-notice", role: "alert" }, root);
    // what the computer played and what was taken, for screen readers (the film's own line)
    this.announce = html("div", { class: "hoyito-announce", role: "log", "aria-live": "polite" }, root);
    this.hintLine = html("div", { class: "hoyito-hint-line", hidden: "" }, root);
    this.hintText = html("p", { class: "hoyito-hint-text-line" }, this.hintLine);
    this.legend = html("p", { class: "hoyito-legend" }, this.hintLine);
    this.caption = html("div", { class: "hoyito-caption", "aria-live": "off" }, root);

    this.question = html("div", { class: "hoyito-question", role: "alertdialog", hidden: "" }, root);
    this.questionText = html("span", { id: uniqueId("hoyito-question-text") }, this.question);
    this.question.setAttribute("aria-labelledby", this.questionText.id);
    this.yesButton = button(this.question, "hoyito-yes", this.T("yes"));
    this.noButton = button(this.question, "hoyito-no", this.T("no"));
    this.yesButton.onclick = () => this.action("yes");
    this.noButton.onclick = () => this.action("no");
    this.offer = html("div", { class: "hoyito-offer" }, root);

    const game = html("div", { class: "hoyito-row hoyito-game-row" }, root);
    this.gameRow = game;
    this.newButton = button(game, "hoyito-new", this.T("new_game"), this.T("new_game_title"));
    this.undoButton = button(game, "hoyito-undo", this.T("undo"), this.T("undo_title"));
    this.redoButton = button(game, "hoyito-redo", this.T("redo"), this.T("redo_title"));
    this.nextButton = button(game, "hoyito-next-round", this.T("next_round"), this.T("next_round_title"));
    this.hintButton = button(game, "hoyito-show-me", this.T("show_me"), this.T("show_me_title"));
    this.agreeButton = button(game, "hoyito-agree", (this.v && this.v.agree_label) || "");
    this.newButton.onclick = () => this.action("new");
    this.undoButton.onclick = () => this.action("undo");
    this.redoButton.onclick = () => this.action("redo");
    this.nextButton.onclick = () => this.action("next-round");
    this.hintButton.onclick = () => { this.selected = null; this.action("hints"); };
    this.agreeButton.onclick = () => this.action("agree");
    // why each disabled button is disabled, in words anyone can see (not only a tooltip)
    this.whyBox = html("ul", { class: "hoyito-why" }, root);

    const film = html("div", { class: "hoyito-row hoyito-film-row" }, root);
    this.filmRow = film;
    this.pauseButton = button(film, "hoyito-pause", this.T("pause"), this.T("pause_title"));
    this.playButton = button(film, "hoyito-play", this.T("resume"), this.T("resume_title"));
    this.stepButton = button(film, "hoyito-step", this.T("step"), this.T("step_title"));
    this.skipButton = button(film, "hoyito-skip", this.T("skip"), this.T("skip_title"));
    const speedLabel = html("label", { class: "hoyito-speed-label" }, film, `${this.T("animation")} `);
    this.speedPicker = html("select", { class: "hoyito-speed", "aria-label": this.T("animation_speed") }, speedLabel);
    for (const s of ["off", "slow", "normal", "fast"]) html("option", { value: s }, this.speedPicker, (this.texts.speeds || {})[s] ?? s);
    this.pauseButton.onclick = () => this.pause();
    this.playButton.onclick = () => this.resume();
    this.stepButton.onclick = () => this.step();
    this.skipButton.onclick = () => this.skip();
    this.speedPicker.onchange = () => {
      this.model.set("speed", this.speedPicker.value);
      this.model.save_changes();
      this.keep({ speed: this.speedPicker.value });
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

    // Every setting behind one menu: the game, the look, the speed, the language, the numbers
    const settings = html("details", { class: "hoyito-settings" }, root);
    this.settingsBox = settings;
    html("summary", {}, settings, this.T("menu"));
    const row = html("div", { class: "hoyito-row" }, settings);
    this.variantPicker = this.picker(row, "hoyito-variant", this.T("game"));
    this.sizePicker = this.picker(row, "hoyito-size", this.T("board_size"));
    this.opponentPicker = this.picker(row, "hoyito-opponent", this.T("opponent"));
    this.sidePicker = this.picker(row, "hoyito-side-picker", this.T("you_play"));
    const matchLabel = html("label", { class: "hoyito-check" }, row);
    this.matchBox = html("input", { type: "checkbox", class: "hoyito-mode" }, matchLabel);
    matchLabel.append(` ${this.T("match")}`);
    this.settingsWhy = html("ul", { class: "hoyito-why" }, settings);
    this.levelLine = html("div", { class: "hoyito-level-line" }, settings);
    const looks = html("div", { class: "hoyito-row" }, settings);
    if (this.v.mode !== "replay") looks.appendChild(speedLabel); // a play page's speed is a setting
    this.skinPicker = this.picker(looks, "hoyito-skin", this.T("look"));
    this.fill(this.skinPicker, SKINS.map((s) => [s, (this.texts.skins || {})[s] ?? s]), this.skin);
    this.skinPicker.onchange = () => {
      this.skin = this.skinPicker.value;
      this.root.dataset.skin = this.skin;
      this.keep({ skin: this.skin });
    };
    this.languagePicker = this.picker(looks, "hoyito-language", this.T("language"));
    this.languagePicker.onchange = () => {
      this.keep({ lang: this.languagePicker.value });
      this.model.send({ type: "language", lang: this.languagePicker.value });
    };
    this.numbersButton = button(looks, "hoyito-numbers", this.T("numbers"), this.T("numbers_title"));
    this.numbersButton.onclick = () => {
      this.model.set("numbers", !this.model.get("numbers"));
      this.model.save_changes();
      this.keep({ numbers: Boolean(this.model.get("numbers")) });
    };
    html("div", { class: "hoyito-keys" }, settings, this.T("keys"));
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

  // One player's line beside their row: who they are, whose turn, and their captured pile.
  side(parent, p) {
    const line = html("div", { class: `hoyito-side hoyito-side-${p}` }, parent);
    html("span", { class: "hoyito-chip", "aria-hidden": "true" }, line);
    const who = html("span", { class: "hoyito-who" }, line);
    const turn = html("span", { class: "hoyito-turn" }, line);
    const pile = html("div", { class: `hoyito-captures hoyito-captures-${p}`, role: "img" }, line);
    const stones = html("span", { class: "hoyito-pile-stones", "aria-hidden": "true" }, pile);
    const count = html("span", { class: "hoyito-pile-count", "aria-hidden": "true" }, pile);
    return { line, who, turn, pile, stones, count };
  }

  picker(parent, cls, label) {
    const l = html("label", {}, parent, `${label} `);
    return html("select", { class: cls, "aria-label": label }, l);
  }

  // -- the board's shape, from the space it has ------------------------------------------
  space() {
    const width = Math.max(this.root.clientWidth || this.host.clientWidth || 600, 200);
    // what is above the board (a notebook's header, a heading), as the page first opened
    if (this.above === undefined && this.root.clientWidth) { // once it is laid out
      const top = this.root.getBoundingClientRect().top;
      this.above = Math.min(Math.max(top || 0, 0), 0.4 * (window.innerHeight || 800));
    }
    // the side lines and the status take about 150 px of the screen's height
    const height = Math.max((window.innerHeight || 800) - (this.above || 0) - 150, 200);
    return [width, height];
  }

  fit() {
    if (!this.n) return;
    let [width, height] = this.space();
    // A scroll bar that comes and goes (a line written below the board) changes the width a
    // little: the board keeps its size then, so the holes never move under a finger.
    const last = this.fitted;
    if (last && this.layout && Math.abs(width - last[0]) < 24 && Math.abs(height - last[1]) < 60) {
      [width, height] = last;
    } else {
      this.fitted = [width, height];
    }
    const layout = this.fixedLayout || chooseLayout(this.n, width, height);
    if (layout !== this.layout) {
      this.buildBoard(this.n, layout);
      this.drawBoard();
    }
    const g = this.geo;
    const scale = chooseScale(g, width, height);
    const w = `${Math.floor(g.W * scale)}px`;
    if (this.svg.style.width !== w) {
      this.svg.style.width = w;
      this.svg.style.height = `${Math.floor(g.H * scale)}px`;
    }
    this.root.dataset.layout = layout;
  }

  // The side whose row is drawn nearest the person: their own (South between two people).
  bottomSide() {
    return this.v.human === 1 ? 1 : 0;
  }

  // Row (0: the person's) and place along it of ring hole i; the far row is the near one
  // turned half round, so the seeds still go counterclockwise.
  place(i) {
    const n = this.n;
    const south = i < n;
    let c = south ? i : 2 * n - 1 - i;
    const r = (south ? 0 : 1) === this.bottom ? 0 : 1;
    if (this.bottom === 1) c = n - 1 - c;
    return [r, c];
  }

  // The SVG for a board of n holes per row in `layout`: built once per size, layout and side,
  // then only updated.
  buildBoard(n, layout = this.layout || "short") {
    this.n = n;
    this.layout = layout;
    this.bottom = this.bottomSide();
    const g = geometry(n, layout);
    this.geo = g;
    const s = this.svg;
    s.textContent = "";
    s.setAttribute("viewBox", `0 0 ${g.W} ${g.H}`);
    const defs = svg("defs", {}, s);
    const wood = svg("linearGradient", { id: "hoyito-wood", x1: "0", y1: "0", x2: "0", y2: "1" }, defs);
    svg("stop", { offset: "0", "stop-color": "#c08a4e" }, wood);
    svg("stop", { offset: "0.5", "stop-color": "#a8713a" }, wood);
    svg("stop", { offset: "1", "stop-color": "#8e5c2c" }, wood);
    const hollow = svg("radialGradient", { id: "hoyito-hollow", cx: "0.45", cy: "0.4", r: "0.65" }, defs);
    svg("stop", { offset: "0", "stop-color": "#5a3718" }, hollow);
    svg("stop", { offset: "1", "stop-color": "#7a4d24" }, hollow);
    // a hole dug in the earth: dark at the bottom, a lighter rim of packed soil
    const dug = svg("radialGradient", { id: "hoyito-dug", cx: "0.5", cy: "0.42", r: "0.6" }, defs);
    svg("stop", { offset: "0", "stop-color": "#3a2414" }, dug);
    svg("stop", { offset: "0.75", "stop-color": "#5b3a22" }, dug);
    svg("stop", { offset: "1", "stop-color": "#7d5434" }, dug);
    const cast = svg("radialGradient", { id: "hoyito-cast", cx: "0.5", cy: "0.42", r: "0.6" }, defs);
    svg("stop", { offset: "0", "stop-color": "#55585c" }, cast);
    svg("stop", { offset: "1", "stop-color": "#8b8f94" }, cast);
    const hatch = svg("pattern", { id: "hoyito-hatch", width: "10", height: "10", patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, defs);
    svg("rect", { width: "10", height: "10", fill: "#ddd" }, hatch);
    svg("rect", { width: "5", height: "10", fill: "#999" }, hatch);
    const glow = svg("filter", { id: "hoyito-glow", x: "-50%", y: "-50%", width: "200%", height: "200%" }, defs);
    svg("feGaussianBlur", { stdDeviation: "4" }, glow);
    // the ground the holes are made in (earth, concrete, or a board of wood)
    svg("rect", { class: "hoyito-ground", x: 2, y: 2, width: g.W - 4, height: g.H - 4, rx: 30 }, s);
    this.pits = [];
    const holes = svg("g", {}, s);
    this.marks = svg("g", { class: "hoyito-layer", "aria-hidden": "true", "pointer-events": "none" }, s);
    for (let i = 0; i < 2 * n; i++) {
      const [r, c] = this.place(i);
      const [x, y] = g.at(r, c);
      const el = svg("g", { class: `hoyito-hole hoyito-hole-${i}`, tabindex: "-1", role: "button", "data-hole": String(i) }, holes);
      const title = svg("title", {}, el);
      // the whole cell answers a tap, not only the pit (a bigger target for a finger)
      const cell = layout === "column" ? [180, 92] : [100, 100];
      svg("rect", { class: "hoyito-target", x: x - cell[0] / 2, y: y - cell[1] / 2, width: cell[0], height: cell[1] }, el);
      svg("circle", { class: "hoyito-ring", cx: x, cy: y, r: g.R + 6 }, el);
      svg("circle", { class: "hoyito-last", cx: x, cy: y, r: g.R + 11 }, el);
      svg("circle", { class: "hoyito-pit", cx: x, cy: y, r: g.R }, el);
      svg("circle", { class: "hoyito-focus", cx: x, cy: y, r: g.R + 2 }, el);
      const [cx, cy] = g.count(r, x, y);
      svg("rect", { class: "hoyito-count-bg", x: cx - 28, y: cy - 18, width: 56, height: 36, rx: 12 }, el);
      const count = svg("text", { class: "hoyito-count", x: cx, y: cy }, el);
      // the pebbles and the marks (Show me, numbers, owners) lie on a layer of their own: the
      // hole's label says all of it in words, and a tap on them reaches the hole below
      const stones = svg("g", { class: `hoyito-stones-${i}` }, this.marks);
      const extra = svg("g", { class: `hoyito-marks-${i}` }, this.marks);
      el.addEventListener("click", (e) => this.pitClicked(i, e.detail));
      el.addEventListener("keydown", (e) => this.pitKey(i, e));
      el.addEventListener("focus", () => this.pitFocused(i));
      this.pits.push({ g: el, title, stones, count, extra, x, y, r, c });
    }
    this.fly = svg("g", { class: "hoyito-fly", "pointer-events": "none" }, s);
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
    if (newGame || old.ply !== v.ply || !v.hints_on) this.selected = null;
    this.sent = null; // every click is answered with a new view
    this.pressed = null;
    if (v.notice && v.notice.text) this.localNotice = null;
    if (v.to_move !== this.skipPlayer && this.film === null && this.queue.length === 0) this.skipPlayer = null;
    if (this.n !== v.n || this.bottom !== this.bottomSide()) {
      this.n = v.n;
      this.layout = null; // chosen again for the new size (or side)
      this.fitted = null;
    }
    if (!this.layout) this.fit();
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
    const last = idle ? v.last_move : null;
    const static_ = v.mode === "replay";
    const differ = new Set(idle ? v.differ || [] : []);
    this.root.classList.toggle("hoyito-static", static_);
    for (let i = 0; i < this.pits.length; i++) {
      const pit = this.pits[i];
      const count = board[i];
      const el = pit.g;
      el.setAttribute("data-seeds", String(count));
      el.classList.toggle("hoyito-playable", playable.has(i));
      el.classList.toggle("hoyito-closed", closed.has(i));
      el.classList.toggle("hoyito-empty", count === 0);
      el.classList.toggle("hoyito-last-move", last === i);
      el.classList.toggle("hoyito-diff", differ.has(i));
      el.classList.toggle("hoyito-selected", this.selected === i);
      el.classList.toggle("hoyito-pressed", this.pressed === i);
      const owner = (v.owners || [])[i] ?? (i < this.n ? 0 : 1);
      el.classList.toggle("hoyito-owner-0", owner === 0);
      el.classList.toggle("hoyito-owner-1", owner === 1);
      // only what changed is drawn again (a cheap phone redraws a board on every message)
      const seeds = `${count}:${closed.has(i)}`;
      if (pit.drawnSeeds !== seeds) {
        this.drawPebbles(pit, count, closed.has(i));
        pit.count.textContent = closed.has(i) ? "–" : String(count);
        pit.drawnSeeds = seeds;
      }
      const hint = hints[String(i)];
      const marks = JSON.stringify([numbers, v.territory ? this.name(owner) + owner : null, hint ? [hintMark(hint), hint.gives] : null]);
      if (pit.drawnMarks !== marks) {
        pit.drawnMarks = marks;
        this.drawMarks(pit, i, owner, numbers, hint);
      }
      let text = this.pitLabel(i, count, owner, closed.has(i), playable.has(i), last === i, hint);
      if (differ.has(i)) text += `, ${this.T("pit_differs")}`;
      el.setAttribute("aria-label", text);
      pit.title.textContent = text;
      // in play, only the holes that can be played are Tab stops, the others say they cannot
      // be; a replay's holes are only shown; CompareRules sows any hole clicked
      const open = v.mode === "play" ? playable.has(i) : !static_;
      el.setAttribute("tabindex", open ? "0" : "-1");
      if (open) el.removeAttribute("aria-disabled");
      else el.setAttribute("aria-disabled", "true");
    }
    for (const p of [0, 1]) {
      const pile = this.sides[p];
      const taken = this.shown.captures[p];
      const surplus = (v.surplus || [0, 0])[p];
      pile.count.textContent = surplus ? `${taken}+${surplus}` : String(taken);
      pile.pile.setAttribute("aria-label", this.T(surplus ? "captured_surplus" : "captured", { name: this.name(p), count: taken, surplus }));
      const shown = Math.min(taken, 12);
      if (pile.stones.childElementCount !== shown) {
        pile.stones.textContent = "";
        for (let k = 0; k < shown; k++) html("i", {}, pile.stones);
      }
    }
  }

  // A hole's marks: its number, its owner (Ba-awa rounds), Show me's mark.
  drawMarks(pit, i, owner, numbers, hint) {
    const g = this.geo;
    const R = g.R;
    pit.extra.textContent = "";
    const [ox, oy] = g.out(pit.r);
    if (numbers) { // on the pit's outer corner, so the middle strip stays free for Show me
      const nx = oy ? pit.x - R + 4 : pit.x + ox * (R - 4);
      const ny = oy ? pit.y + oy * (R - 4) : pit.y - R + 4;
      svg("circle", { class: "hoyito-number-bg", cx: nx, cy: ny, r: 15 }, pit.extra);
      svg("text", { class: "hoyito-number", x: nx, y: ny }, pit.extra, String(i));
    }
    if (this.v.territory) {
      const tx = oy ? pit.x + R - 4 : pit.x - ox * (R - 4);
      const ty = oy ? pit.y - oy * (R - 4) : pit.y + R - 4;
      svg("circle", { class: `hoyito-owner-bg-${owner}`, cx: tx, cy: ty, r: 14 }, pit.extra);
      svg("text", { class: "hoyito-owner", x: tx, y: ty }, pit.extra, this.name(owner).slice(0, 1));
    }
    if (hint) {
      // in the strip between the rows, beside the pit: never over a neighbour's label
      const [hx, hy] = g.hint(pit.x, pit.y);
      const label = hintMark(hint);
      const natural = 18 + 14 * label.length;
      const w = Math.min(g.hintW, natural);
      svg("rect", { class: `hoyito-hint-bg${hint.gives ? " hoyito-gives" : ""}`, x: hx - w / 2, y: hy - 17, width: w, height: 34, rx: 10 }, pit.extra);
      const t = svg("text", { class: "hoyito-hint-text", x: hx, y: hy }, pit.extra, label);
      if (natural > w) { t.setAttribute("textLength", String(w - 8)); t.setAttribute("lengthAdjust", "spacingAndGlyphs"); }
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
      side.who.textContent = names[p] ?? "";
      // the badge keeps its place when it is not shown, so the line never changes height
      const turn = idle && v.to_move === p && !v.banner;
      side.turn.textContent = this.T(v.thinking ? "thinking" : "to_move");
      side.turn.classList.toggle("hoyito-off", !turn);
      side.turn.setAttribute("aria-hidden", String(!turn));
      side.line.classList.toggle("hoyito-near", p === this.bottom);
    }
    // the person's row is nearest to them: their line is below the board, the other's above
    if (this.stage.lastElementChild !== this.sides[this.bottom].line) {
      this.stage.appendChild(this.sides[this.bottom].line);
      this.stage.insertBefore(this.sides[1 - this.bottom].line, this.stage.firstChild);
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
    const offered = this.offered;
    this.resumeBox.hidden = !offered;
    if (offered) {
      const count = offered.holes.filter((h) => typeof h === "number").length;
      this.resumeText.textContent = this.T("resume_offer", { count });
    }
    const q = v.question;
    this.question.hidden = !q;
    if (q) this.questionText.textContent = `${q.text} `;
    this.offer.textContent = v.offer || "";
    if (v.agree_label) { this.agreeButton.textContent = v.agree_label; this.agreeButton.title = v.agree_label; }
    this.rules.textContent = v.limits || "";
    this.rounds.textContent = "";
    for (const line of v.rounds || []) html("div", {}, this.rounds, line);
    this.drawHintLine();
    const replaying = v.mode === "replay";
    const moves = (v.moves || this.moveLog).slice(0, this.film && !replaying ? this.film.ply : undefined);
    const current = replaying ? (this.film ? this.film.ply : v.ply) : moves.length;
    this.movesTitle.textContent = moves.length ? this.T("moves_count", { count: moves.length }) : this.T("moves_none");
    if (replaying && !this.movesOpened) { this.movesBox.open = true; this.movesOpened = true; }
    const listKey = [this.logVersion, v.moves ? v.serial : "", moves.length, current].join(":");
    if (this.listKey === listKey) return;
    this.listKey = listKey;
    this.movesList.textContent = "";
    moves.forEach(([player, hole, line], k) => {
      const li = html("li", { "data-player": String(player), "data-hole": String(hole), class: k === current - 1 ? "hoyito-move hoyito-latest" : "hoyito-move" }, this.movesList, replaying ? null : line);
      li.value = k + 1;
      if (replaying) { // a button in the list item (a list item is no button): a finger's target
        const go = button(li, "hoyito-move-go", line, this.T("moves_goto", { move: k + 1 }));
        go.onclick = () => this.model.send({ type: "goto", move: k + 1 });
      }
    });
  }

  // Show me, touch first: the marks' legend, and the tapped (or focused) hole's explanation
  // in a line of its own, below the board.
  drawHintLine() {
    const v = this.v;
    const on = Boolean(v.hints_on) && v.mode === "play" && !v.banner;
    this.hintLine.hidden = !on;
    this.root.dataset.hints = on ? "on" : "off";
    if (!on) return;
    const hint = this.selected !== null ? (v.hints || {})[String(this.selected)] : null;
    this.hintText.textContent = hint
      ? `${this.T("hint_hole", { hole: this.selected, mark: hintMark(hint) })} ${hint.text} ${this.T("hint_again")}`
      : this.T("hint_pick");
    if (v.best_play) this.hintText.textContent += ` ${v.best_play}`; // proven by a table
    this.legend.textContent = this.T("hint_legend");
  }

  // A disabled button says why, in the visible list below the buttons (and to screen readers
  // through aria-describedby); an enabled one says nothing.
  disable(el, why, box = this.whyBox) {
    el.disabled = Boolean(why);
    this.whys.push([el, why, box]);
  }

  drawWhys() {
    this.whyBox.textContent = "";
    this.settingsWhy.textContent = "";
    for (const [el, why, box] of this.whys) {
      if (!why || el.hidden || (el.closest && el.closest("[hidden]"))) {
        el.removeAttribute("aria-describedby");
        continue;
      }
      this.whyCount = (this.whyCount || 0) + 1;
      const id = `hoyito-why-${this.whyCount}`;
      const label = el.tagName === "SELECT" ? el.getAttribute("aria-label") : el.textContent;
      const reason = String(why).replace(/[.\s]+$/, ""); // the line ends with its own stop
      html("li", { id }, box, this.T("why_line", { control: label.trim(), why: reason }));
      el.setAttribute("aria-describedby", id);
    }
  }

  drawControls() {
    const v = this.v;
    const b = v.buttons || {};
    const busy = this.busy();
    this.whys = [];
    // What the page is doing, for people (the status says it) and for tests (this attribute).
    // (a classmate to move on the class server is no computer: the page is idle, not waiting)
    const computerNext = v.human !== null && v.human !== undefined && v.to_move !== null
      && v.to_move !== undefined && v.to_move !== v.human && !v.classmate;
    const mode = v.mode || "play";
    this.root.dataset.mode = mode;
    this.root.dataset.state = busy ? "animating" : v.thinking ? "thinking"
      : this.sent || computerNext ? "waiting" : v.playing ? "playing" : "idle";
    this.root.dataset.ply = String(busy && this.film ? this.film.ply - 1 : v.ply);
    this.speedPicker.value = this.model.get("speed");
    // Replay playing through the game stays paused between two moves until Play is pressed
    const between = mode === "replay" && Boolean(v.playing);
    // the film's buttons are there while a move is shown; Pause and Resume share one place
    const filming = busy || between;
    for (const el of [this.pauseButton, this.playButton, this.stepButton, this.skipButton]) {
      el.hidden = mode === "play" && !filming;
    }
    this.pauseButton.disabled = !busy || this.paused;
    this.playButton.disabled = !filming || !this.paused;
    if (mode === "play") {
      this.pauseButton.hidden = !filming || this.paused;
      this.playButton.hidden = !filming || !this.paused;
    }
    this.stepButton.disabled = !busy;
    this.skipButton.disabled = !busy;
    const wait = busy ? this.T("why_busy") : v.thinking ? this.T("why_thinking") : "";
    this.disable(this.undoButton, wait || (b.undo ? "" : this.T("why_no_undo")));
    this.redoButton.hidden = !b.redo; // there only when a move was taken back
    this.disable(this.redoButton, wait);
    // the computer agrees only after some quiet moves: the kernel says why
    const agreeWhy = wait || (b.agree ? "" : v.agree_why || "");
    this.disable(this.agreeButton, agreeWhy);
    this.agreeButton.title = agreeWhy ? `${v.agree_label || ""} (${agreeWhy})` : v.agree_label || "";
    this.disable(this.hintButton, wait || (b.hints ? "" : this.T("why_over")));
    this.hintButton.setAttribute("aria-pressed", String(Boolean(v.hints_on)));
    this.numbersButton.setAttribute("aria-pressed", String(Boolean(this.model.get("numbers"))));
    this.nextButton.hidden = !b.match;
    for (const el of [this.newButton, this.undoButton, this.hintButton, this.agreeButton, this.settingsBox]) {
      el.hidden = mode !== "play";
    }
    if (mode !== "play") this.redoButton.hidden = true;
    this.whyBox.hidden = mode !== "play";
    this.replayRow.hidden = mode !== "replay";
    if (mode === "replay") this.drawReplayControls(busy);
    this.disable(this.nextButton, wait || (b.next_round ? "" : this.T("why_round_on")));
    const c = v.choices || {};
    const s = v.settings || {};
    this.fill(this.variantPicker, c.variants || [], s.variant);
    this.fill(this.sizePicker, (c.sizes || []).map((k) => [String(k), this.T("size", { n: k })]), String(s.holes_per_row));
    // short options (a phone's width); the level's plain line is written below the menu
    const opponents = [["person", this.T("person"), this.T("person")]].concat(
      (c.opponents || []).map(([name, line, level]) => [name, this.T("computer_option", { level }), line]));
    this.fill(this.opponentPicker, opponents.map(([name, label]) => [name, label]), s.opponent === null ? "person" : s.opponent);
    this.fill(this.sidePicker, [["0", this.T("side_0")], ["1", this.T("side_1")]], String(s.human));
    this.disable(this.sidePicker, s.opponent === null ? this.T("why_no_side") : "", this.settingsWhy);
    this.fill(this.languagePicker, v.languages || [], v.lang);
    this.languagePicker.parentElement.hidden = !(v.languages || []).length;
    this.matchBox.checked = Boolean(s.match);
    const line = opponents.find(([name]) => name === (s.opponent === null ? "person" : s.opponent));
    this.levelLine.textContent = line ? line[2] : "";
    this.drawWhys();
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
    this.unpress();
    this.drawText();
  }

  // The tapped hole looks pressed at once (before the kernel answers: the move itself is still
  // the engine's); a refusal or the kernel's answer takes the look away.
  pointerDown(e) {
    const el = e.target && e.target.closest ? e.target.closest(".hoyito-hole") : null;
    if (!el || this.v.mode !== "play" || !el.classList.contains("hoyito-playable")) return;
    this.unpress();
    this.pressed = Number(el.dataset.hole);
    el.classList.add("hoyito-pressed");
    // A finger's tap: no emulated mouse events, so no hover and no focus to restyle the page
    // before the frame that shows the pressed hole (they cost a cheap phone a frame or two).
    // The click still comes, and it plays the move.
    if (e.pointerType === "touch") e.preventDefault();
  }

  unpress() {
    if (this.pressed === null) return;
    const pit = this.pits[this.pressed];
    if (pit) pit.g.classList.remove("hoyito-pressed");
    this.pressed = null;
  }

  // Show me, touch first: a first tap on a playable hole explains it in the line below the
  // board, a second tap sows it. Not a long press: students do not find it, and on a phone it
  // is the browser's own gesture (selecting text, the context menu); two taps work the same
  // with a finger, a mouse and the keys (a focused hole is explained, Enter sows it).
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
    if (v.hints_on && (v.playable || []).includes(i) && this.selected !== i) {
      this.selected = i;
      this.unpress();
      this.drawBoard();
      this.drawHintLine();
      return;
    }
    this.localNotice = null;
    this.sent = [v.game, v.ply];
    if (this.pressed !== i && (v.playable || []).includes(i)) { // a key, not a finger
      this.unpress();
      this.pressed = i;
      this.pits[i].g.classList.add("hoyito-pressed");
    }
    this.root.dataset.state = "waiting";
    // The click leaves, and the rest is drawn, once the frame that shows the pressed hole has
    // been painted: on a cheap phone sending and drawing cost more than a frame.
    const click = { type: "click", hole: i, ply: v.ply, game: v.game };
    requestAnimationFrame(() => setTimeout(() => {
      this.model.send(click);
      if (this.sent) { this.drawText(); this.drawControls(); }
    }, 0));
  }

  // A hole reached with the keys is explained at once when Show me is on.
  pitFocused(i) {
    const el = this.pits[i] && this.pits[i].g;
    if (!el || !this.v.hints_on || this.selected === i) return;
    if (el.matches && !el.matches(":focus-visible")) return; // a tap: the click decides
    if (!(this.v.playable || []).includes(i)) return;
    this.selected = i;
    this.drawBoard();
    this.drawHintLine();
  }

  // Arrow keys go to the nearest hole that way on the screen, whatever the board's shape.
  pitKey(i, e) {
    const dirs = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      this.pitClicked(i, 1);
      return;
    }
    const d = dirs[e.key];
    if (!d) return;
    e.preventDefault();
    const from = this.pits[i];
    let best = null;
    let bestScore = Infinity;
    this.pits.forEach((pit, j) => {
      const dx = pit.x - from.x;
      const dy = pit.y - from.y;
      const along = dx * d[0] + dy * d[1];
      if (j === i || along <= 0) return;
      const score = along + 3 * Math.abs(dx * d[1] - dy * d[0]);
      if (score < bestScore) { bestScore = score; best = j; }
    });
    if (best !== null) this.pits[best].g.focus();
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
    // what was played and taken, said once to screen readers (a polite live region)
    if (f.line) this.announce.textContent = f.line;
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
      // a captured pile is beside the board, in its player's line: where it is, in SVG units
      const p = Number(place.split("-")[1]);
      const box = this.sides[p].pile.getBoundingClientRect();
      const m = this.svg.getScreenCTM && this.svg.getScreenCTM();
      if (m && box.width) {
        const inv = m.inverse();
        const x = box.left + box.width / 2;
        const y = box.top + box.height / 2;
        return [inv.a * x + inv.c * y + inv.e, inv.b * x + inv.d * y + inv.f];
      }
      return [this.geo.W / 2, p === this.bottom ? this.geo.H : 0];
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

// Each board of a page keeps its game on this device under the page's path and its place
// among the page's boards (a reload finds the same key).
let boardsOnPage = 0;

export default {
  render({ model, el }) {
    let page = null;
    const key = `${window.location.pathname}#${boardsOnPage++}`;
    // Drawn anew when the language changes: every word comes from `texts`.
    const draw = () => {
      // the open menus stay open (the language is chosen in the settings menu)
      const open = (box) => Boolean(page && page[box] && page[box].open);
      const wasOpen = { settingsBox: open("settingsBox"), movesBox: open("movesBox") };
      const hadFocus = Boolean(page && page.languagePicker && document.activeElement === page.languagePicker);
      const old = page;
      if (page) page.destroy();
      el.textContent = "";
      const compare = (model.get("view") || {}).mode === "compare";
      page = compare ? new ComparePage(model, el) : new BoardPage(model, el, key);
      // the moves stay listed (in the old words) until the kernel sends them in the new ones
      if (old && old.moveLog && page.moveLog && !page.moveLog.length) {
        page.moveLog = old.moveLog;
        page.record = page.record || old.record;
        page.drawText();
      }
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
