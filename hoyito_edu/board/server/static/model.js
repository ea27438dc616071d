// The board's model over the class server's WebSocket.
//
// board.js (the package's anywidget module, served unchanged) only uses model.get(name),
// model.on/off("change:NAME" | "msg:custom", cb), model.send(content) and model.set /
// save_changes for "speed" and "numbers". This class gives it those over a WebSocket:
// "view" and "texts" are the server's (the page cannot write them), films and move-list
// lines arrive as custom messages, and the page's own choices stay in this browser.

const KEPT = ["speed", "numbers"]; // the page's own settings, kept in this browser

export class SocketModel {
  constructor(send) {
    this.sendOut = send;
    this.state = { view: {}, texts: {}, speed: "normal", numbers: false };
    for (const name of KEPT) {
      try {
        const kept = JSON.parse(localStorage.getItem(`hoyito-${name}`));
        if (kept !== null) this.state[name] = kept;
      } catch (error) { /* nothing kept, or storage refused */ }
    }
    this.handlers = new Map();
  }

  get(name) { return this.state[name]; }

  set(name, value) {
    if (!KEPT.includes(name)) return; // view and texts come from the server only
    this.state[name] = value;
    this.emit(`change:${name}`);
  }

  save_changes() {
    for (const name of KEPT) {
      try { localStorage.setItem(`hoyito-${name}`, JSON.stringify(this.state[name])); } catch (error) { /* private mode */ }
    }
  }

  on(event, callback) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event).add(callback);
  }

  off(event, callback) {
    if (this.handlers.has(event)) this.handlers.get(event).delete(callback);
  }

  emit(event, ...args) {
    for (const callback of [...(this.handlers.get(event) || [])]) callback(...args);
  }

  send(content) { this.sendOut({ type: "board", message: content }); }

  // A message from the server: {"type": "set", "name", "value"} or {"type": "msg", "content"}.
  receive(message) {
    if (message.type === "set" && (message.name === "view" || message.name === "texts")) {
      this.state[message.name] = message.value;
      this.emit(`change:${message.name}`);
    } else if (message.type === "msg") {
      this.emit("msg:custom", message.content, []);
    }
  }
}
