// rennbahn pages: the language switch, the lobby (its form and "my tables"), and the table
// page's websocket. Plain JavaScript, no build step. Everything a person typed is inserted
// as text; the only markup inserted is the server's board drawing.
(function () {
  "use strict";
  var TEXTS = {};
  var node = document.getElementById("texts");
  if (node) { TEXTS = JSON.parse(node.textContent); }

  function fill(template, values) {
    return String(template).replace(/\{(\w+)\}/g, function (_, key) {
      return key in values ? String(values[key]) : "{" + key + "}";
    });
  }
  function tx(key, values) { return fill(key in TEXTS ? TEXTS[key] : key, values || {}); }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined && text !== null) { e.textContent = text; }
    return e;
  }
  // One line of the log; a line with rules behind it opens (a <details>: click, tap, or
  // Enter/Space on its summary) to show each rule's title and words and a link to the
  // players' rules page at that section.
  function logLine(text, rules) {
    var li = el("li");
    if (!rules.length) { li.textContent = text; return li; }
    var details = el("details", "cite");
    details.appendChild(el("summary", "", text));
    rules.forEach(function (rule) {
      var box = el("div", "rule");
      box.appendChild(el("strong", "", rule.title));
      box.appendChild(el("p", "", rule.text));
      (rule.readings || []).forEach(function (r) { box.appendChild(el("p", "reading", r)); });
      var link = el("a", "", tx("rule_link"));
      link.href = rule.link;
      box.appendChild(link);
      details.appendChild(box);
    });
    li.appendChild(details);
    return li;
  }
  function show(id, visible) { document.getElementById(id).hidden = !visible; }
  // "Anna", "Anna and Ben", "Anna, Ben and Cem"
  function joinNames(names) {
    if (names.length < 2) { return names.join(""); }
    return names.slice(0, -1).join(", ") + " " + tx("and") + " " + names[names.length - 1];
  }

  // -- what this browser remembers (localStorage; a browser without it remembers nothing)
  var STORE = {
    get: function (key, fallback) {
      try {
        var raw = window.localStorage.getItem("rennbahn." + key);
        return raw === null ? fallback : JSON.parse(raw);
      } catch (e) { return fallback; }
    },
    set: function (key, value) {
      try { window.localStorage.setItem("rennbahn." + key, JSON.stringify(value)); } catch (e) { /* full or off */ }
    }
  };
  //: The most tables "my tables" remembers (the server answers at most 30 at once).
  var MY_TABLES = 30;
  function myTables() {
    var list = STORE.get("tables", []);
    return Array.isArray(list) ? list.filter(function (t) { return t && typeof t.table === "string"; }) : [];
  }
  function remember(entry) {
    var list = myTables().filter(function (t) { return t.table !== entry.table; });
    list.unshift(entry);
    STORE.set("tables", list.slice(0, MY_TABLES));
  }
  function forget(tableId) {
    STORE.set("tables", myTables().filter(function (t) { return t.table !== tableId; }));
  }

  // -- the language switch: remembered in a cookie, the page reloads (the fragment stays)
  document.querySelectorAll("button[data-lang]").forEach(function (b) {
    b.addEventListener("click", function () {
      document.cookie = "lang=" + b.getAttribute("data-lang") +
        "; path=/; max-age=31536000; SameSite=Lax";
      var url = new URL(window.location.href);
      url.searchParams.delete("lang");
      if (url.href === window.location.href) { window.location.reload(); }
      else { window.location.replace(url.href); }
    });
  });

  function postJSON(path, body) {
    return fetch(path, { method: "POST", headers: { "content-type": "application/json" },
                         body: JSON.stringify(body) })
      .then(function (r) {
        return r.json().catch(function () { return {}; }).then(function (j) { return [r.status, j]; });
      });
  }
  function refusal(answer) {
    return new Error(answer[1] && answer[1].error && answer[1].error.message
      ? answer[1].error.message : tx("error"));
  }

  var page = document.body.getAttribute("data-page");
  if (page === "lobby") { lobby(); }
  if (page === "table") { table(); }

  // -- the lobby --------------------------------------------------------------------------
  function lobby() {
    var form = document.getElementById("create");
    var gameSelect = document.getElementById("game");
    var seatList = document.getElementById("seats");
    var rowTemplate = document.getElementById("seat-row");

    function fieldset() {
      return form.querySelector('fieldset.params[data-game="' + gameSelect.value + '"]');
    }
    function seatCount() {
      var fs = fieldset();
      var players = fs.querySelector('[data-param="players"]');
      var n = players ? parseInt(players.value, 10) : parseInt(fs.getAttribute("data-min"), 10);
      var lo = parseInt(fs.getAttribute("data-min"), 10), hi = parseInt(fs.getAttribute("data-max"), 10);
      if (isNaN(n)) { n = lo; }
      return Math.max(lo, Math.min(hi, n));
    }
    // The bots a seat may be given are the chosen game's (a list per game, in a template).
    function offerBots(kind, game) {
      if (kind.getAttribute("data-game") === game) { return; }
      var keep = kind.value;
      while (kind.options.length > 1) { kind.removeChild(kind.lastElementChild); }
      var bots = form.querySelector('template.bots[data-game="' + game + '"]');
      kind.appendChild(bots.content.cloneNode(true));
      kind.setAttribute("data-game", game);
      kind.value = keep;
      if (kind.selectedIndex < 0) { kind.value = defaultBot(kind); }
    }
    // A new bot seat gets "medium" when the game has it, else its first bot.
    function defaultBot(kind) {
      var values = Array.prototype.map.call(kind.options, function (o) { return o.value; });
      return values.indexOf("medium") >= 0 ? "medium" : values[1] || "";
    }
    function describeRow(row) {
      var kind = row.querySelector(".kind");
      var option = kind.options[kind.selectedIndex];
      var bot = option && option.value;
      row.querySelector(".botline").textContent = bot ? (option.getAttribute("data-line") || "") : "";
      row.querySelector(".invite").hidden = !bot;
    }
    function layoutSeats() {
      var game = gameSelect.value, n = seatCount();
      while (seatList.children.length > n) { seatList.removeChild(seatList.lastElementChild); }
      while (seatList.children.length < n) {
        var row = rowTemplate.content.firstElementChild.cloneNode(true);
        seatList.appendChild(row);
        row.querySelector(".kind").setAttribute("data-fresh", "1");
        row.querySelector(".kind").addEventListener("change", describeRow.bind(null, row));
      }
      Array.prototype.forEach.call(seatList.children, function (row, i) {
        var kind = row.querySelector(".kind");
        offerBots(kind, game);
        if (kind.getAttribute("data-fresh") === "1") {
          kind.value = i === 0 ? "" : defaultBot(kind);
          kind.removeAttribute("data-fresh");
        }
        kind.setAttribute("aria-label", tx("who_plays", { n: i + 1 }));
        row.querySelector(".name").placeholder = tx("seat_n", { n: i + 1 });
        describeRow(row);
      });
    }
    gameSelect.addEventListener("change", function () {
      form.querySelectorAll("fieldset.params").forEach(function (fs) {
        fs.hidden = fs.getAttribute("data-game") !== gameSelect.value;
      });
      document.getElementById("rules-link").href = "/rules/" + gameSelect.value;
      layoutSeats();
    });
    form.addEventListener("input", function (event) {
      if (event.target.getAttribute("data-param") === "players") { layoutSeats(); }
    });
    layoutSeats();

    // The game string the server reads: the parameters that differ from their defaults.
    function gameString() {
      var parts = [];
      fieldset().querySelectorAll("[data-param]").forEach(function (input) {
        var value = input.type === "checkbox" ? String(input.checked) : String(input.value).trim();
        if (value !== "" && value !== input.getAttribute("data-default")) {
          parts.push(input.getAttribute("data-param") + "=" + value);
        }
      });
      return gameSelect.value + (parts.length ? "(" + parts.join(",") + ")" : "");
    }

    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var error = document.getElementById("create-error");
      error.hidden = true;
      var botWords = {};
      var seats = Array.prototype.map.call(seatList.children, function (row, i) {
        var seat = {};
        var name = row.querySelector(".name").value.trim();
        var kind = row.querySelector(".kind");
        if (name) { seat.name = name; }
        if (kind.value) {
          seat.bot = kind.value;
          botWords[i] = kind.options[kind.selectedIndex].getAttribute("data-label") || kind.value;
          if (row.querySelector(".invite-box").checked) { seat.invite = true; }
        }
        return seat;
      });
      var body = { game: gameString(), seats: seats, public: document.getElementById("public").checked };
      var minutes = parseFloat(document.getElementById("clock").value);
      if (!isNaN(minutes) && minutes > 0) { body.clock = minutes * 60; }
      postJSON("/api/tables", body)
        .then(function (answer) {
          if (answer[0] !== 201) { throw refusal(answer); }
          showLinks(answer[1], botWords);
        })
        .catch(function (e) { error.textContent = e.message; error.hidden = false; });
    });

    function linkRow(label, href, note) {
      var li = el("li");
      var head = el("div", "linkhead");
      head.appendChild(el("strong", "", label));
      if (note) { head.appendChild(el("span", "small", note)); }
      li.appendChild(head);
      if (!href) { return li; }
      var input = el("input");
      input.type = "text"; input.readOnly = true; input.value = href;
      li.appendChild(input);
      var copy = el("button", "", tx("copy"));
      copy.type = "button";
      copy.addEventListener("click", function () {
        input.select();
        if (navigator.clipboard) { navigator.clipboard.writeText(href).catch(function () {}); }
        copy.textContent = tx("copied");
      });
      li.appendChild(copy);
      var open = el("a", "button", tx("open_link"));
      open.href = href; open.target = "_blank"; open.rel = "noopener";
      li.appendChild(open);
      return li;
    }
    function showLinks(answer, botWords) {
      var list = document.getElementById("links");
      list.textContent = "";
      answer.seats.forEach(function (s) {
        var label = tx("seat_named", { n: s.seat + 1, name: s.name });
        var note = "";
        if (s.bot) {
          var words = botWords[s.seat] || s.bot;
          note = s.link ? tx("bot_seat_invite", { bot: words }) : tx("bot_seat_no_link", { bot: words });
        }
        var row = linkRow(label, s.link || null, note);
        row.setAttribute("data-seat", s.seat);
        list.appendChild(row);
      });
      var spectate = linkRow(tx("spectator_link"), answer.spectator, "");
      spectate.setAttribute("data-seat", "spectator");
      list.appendChild(spectate);
      document.getElementById("created").hidden = false;
      document.getElementById("created").scrollIntoView();
    }

    document.querySelectorAll("form.join").forEach(function (join) {
      join.addEventListener("submit", function (event) {
        event.preventDefault();
        var body = { seat: parseInt(join.getAttribute("data-seat"), 10) };
        var name = join.querySelector(".name").value.trim();
        if (name) { body.name = name; }
        postJSON("/api/tables/" + encodeURIComponent(join.getAttribute("data-table")) + "/join", body)
          .then(function (answer) {
            if (answer[0] !== 200) { throw refusal(answer); }
            window.location.href = answer[1].link;
          })
          .catch(function (e) { window.alert(e.message); });
      });
    });

    showMine();
  }

  // "My tables": what this browser remembers, and how each stands now (asked of the server).
  function showMine() {
    var remembered = myTables();
    var section = document.getElementById("mine");
    var list = document.getElementById("mine-list");
    if (!remembered.length) { section.hidden = true; return; }
    function linkOf(t) {
      return "/t/" + encodeURIComponent(t.table) + (t.token ? "#token=" + encodeURIComponent(t.token) : "");
    }
    function draw(rows) {
      list.textContent = "";
      rows.forEach(function (r) {
        var li = el("li", "mine-row");
        li.setAttribute("data-table", r.table);
        li.setAttribute("data-state", r.state || "unknown");
        var head = el("div", "linkhead");
        head.appendChild(el("strong", "", r.title || r.table));
        var state = r.state || "unknown";
        if (r.state) { head.appendChild(el("span", "chip state-" + state, tx("state_" + state))); }
        li.appendChild(head);
        if (r.variant) { li.appendChild(el("span", "small", r.variant)); }
        // A seat's name, else watching (before the server answers: what the browser kept).
        var seated = r.seat === undefined ? Boolean(r.token) : r.seat !== null;
        var who = seated ? (r.name ? tx("you_play_short", { name: r.name }) : "") : tx("watching");
        if (who) { li.appendChild(el("span", "small", who)); }
        if (r.players && r.players.length) {
          li.appendChild(el("span", "small", tx("players_list", { names: r.players.join(", ") })));
        }
        if (state === "over" && r.headline) { li.appendChild(el("span", "small", r.headline)); }
        var buttons = el("div", "join");
        if (state !== "gone") {
          var open = el("a", "button" + (state === "your_turn" ? " big" : ""), tx("open_link"));
          open.href = r.link || linkOf(r);
          buttons.appendChild(open);
        }
        var drop = el("button", "forget", tx("forget"));
        drop.type = "button";
        drop.addEventListener("click", function () {
          forget(r.table);
          li.parentNode.removeChild(li);
          if (!list.children.length) { section.hidden = true; }
        });
        buttons.appendChild(drop);
        li.appendChild(buttons);
        list.appendChild(li);
      });
      section.hidden = !rows.length;
    }
    // Until the server answers (or when it cannot): what the browser remembers.
    draw(remembered.map(function (t) {
      return { table: t.table, token: t.token, title: t.title, name: t.name, state: null };
    }));
    postJSON("/api/mine", { tables: remembered.map(function (t) { return { table: t.table, token: t.token || null }; }) })
      .then(function (answer) {
        if (answer[0] !== 200 || !answer[1] || !Array.isArray(answer[1].tables)) { return; }
        var byId = {};
        remembered.forEach(function (t) { byId[t.table] = t; });
        draw(answer[1].tables.map(function (r) {
          var mine = byId[r.table] || {};
          r.token = mine.token || null;
          if (!r.link) { r.link = linkOf(r); }
          return r;
        }));
        document.getElementById("mine").setAttribute("data-loaded", "1");
      })
      .catch(function () { /* the remembered list stays */ });
  }

  // -- the table page ---------------------------------------------------------------------
  function table() {
    var root = document.getElementById("table");
    var tableId = root.getAttribute("data-table");
    var lang = root.getAttribute("data-lang");
    var gameName = root.getAttribute("data-game");
    var standin = root.getAttribute("data-standin");
    var baseTitle = root.getAttribute("data-title");
    var match = /(?:^|[#&])token=([^&]+)/.exec(window.location.hash);
    var token = match ? decodeURIComponent(match[1]) : null;
    var board = document.getElementById("board");
    var moves = document.getElementById("moves");
    var log = document.getElementById("log");
    var status = document.getElementById("status");
    var errorBox = document.getElementById("error");
    var who = document.getElementById("who");
    var favicon = document.getElementById("favicon");
    var socket = null, pause = 250, view = null, welcome = null, closedByUs = false;
    var errorAt = null;      // the move number the shown error answered
    var pending = null;      // the move picked while "confirm moves" is on
    var rematchAsked = false;

    function send(message) {
      message.v = 1;
      if (socket && socket.readyState === 1) { socket.send(JSON.stringify(message)); }
    }
    function showError(text) {
      errorBox.textContent = text;
      errorBox.hidden = false;
      errorAt = view ? view.number : null;
    }
    function clearError() { errorBox.hidden = true; errorAt = null; }

    // -- moves: at once, or after "Play: ...? Confirm" when the setting is on
    var confirmSetting = document.getElementById("confirm-setting");
    confirmSetting.checked = STORE.get("confirm", false) === true;
    confirmSetting.addEventListener("change", function () {
      STORE.set("confirm", confirmSetting.checked);
      cancelPending();
    });
    function legalOf(notation) {
      if (!view) { return null; }
      for (var i = 0; i < view.legal.length; i++) {
        if (view.legal[i].move === notation) { return view.legal[i]; }
      }
      return null;
    }
    function play(notation) {
      if (!view) { return; }
      clearError();
      cancelPending();
      send({ type: "move", number: view.number, move: notation });
    }
    function pick(notation) {
      var lm = legalOf(notation);
      if (!lm) { return; }
      if (!confirmSetting.checked) { play(notation); return; }
      cancelPending();
      pending = notation;
      document.getElementById("confirm-text").textContent =
        tx("confirm_play", { label: lm.label || notation });
      show("confirm-box", true);
      markPicked();
      document.getElementById("confirm-yes").focus();
    }
    function markPicked() {
      board.querySelectorAll("[data-move]").forEach(function (e) {
        e.classList.toggle("picked", e.getAttribute("data-move") === pending);
      });
      moves.querySelectorAll("button").forEach(function (b) {
        b.classList.toggle("picked", b.getAttribute("data-notation") === pending);
      });
    }
    function cancelPending() {
      pending = null;
      show("confirm-box", false);
      markPicked();
    }
    document.getElementById("confirm-yes").addEventListener("click", function () {
      if (pending !== null) { play(pending); }
    });
    document.getElementById("confirm-no").addEventListener("click", cancelPending);

    board.addEventListener("click", function (event) {
      var target = event.target.closest ? event.target.closest("[data-move]") : null;
      if (target && board.contains(target)) { pick(target.getAttribute("data-move")); }
    });
    board.addEventListener("keydown", function (event) {
      if (event.key !== "Enter" && event.key !== " ") { return; }
      var target = event.target.closest ? event.target.closest("[data-move]") : null;
      if (target) { event.preventDefault(); pick(target.getAttribute("data-move")); }
    });
    document.getElementById("undo").addEventListener("click", function () {
      if (view) { clearError(); cancelPending(); send({ type: "undo", number: view.number }); }
    });
    document.getElementById("tobot").addEventListener("click", function () {
      send({ type: "seat", bot: standin });
    });
    document.getElementById("takeback").addEventListener("click", function () {
      send({ type: "seat", bot: null });
    });
    document.getElementById("rematch").addEventListener("click", function () {
      rematchAsked = true;
      document.getElementById("rematch").disabled = true;
      send({ type: "rematch" });
    });

    // -- zoom: the board's width as a share of its column, remembered per game
    var ZOOMS = [0.5, 0.67, 0.8, 1, 1.25, 1.5, 2, 2.5];
    var zoom = STORE.get("zoom." + gameName, 1);
    if (ZOOMS.indexOf(zoom) < 0) { zoom = 1; }
    function applyZoom() {
      board.style.setProperty("--zoom", String(zoom));
      board.classList.toggle("zoomed", zoom > 1);
      board.classList.toggle("shrunk", zoom < 1);
      document.getElementById("zoom-out").disabled = zoom === ZOOMS[0];
      document.getElementById("zoom-in").disabled = zoom === ZOOMS[ZOOMS.length - 1];
      document.getElementById("zoom-fit").disabled = zoom === 1;
      root.setAttribute("data-zoom", String(zoom));
      STORE.set("zoom." + gameName, zoom);
    }
    function step(by) {
      var i = ZOOMS.indexOf(zoom) + by;
      zoom = ZOOMS[Math.max(0, Math.min(ZOOMS.length - 1, i))];
      applyZoom();
    }
    document.getElementById("zoom-out").addEventListener("click", function () { step(-1); });
    document.getElementById("zoom-in").addEventListener("click", function () { step(1); });
    document.getElementById("zoom-fit").addEventListener("click", function () { zoom = 1; applyZoom(); });
    applyZoom();

    function connect() {
      var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
      socket = new WebSocket(scheme + window.location.host + "/ws");
      root.setAttribute("data-connected", "0");
      socket.onopen = function () {
        socket.send(JSON.stringify({ type: "hello", v: 1, table: tableId, token: token,
                                     history: true, lang: lang }));
      };
      socket.onmessage = function (event) {
        var message = JSON.parse(event.data);
        if (message.type === "welcome") {
          welcomed(message);
        } else if (message.type === "view") {
          render(message);
        } else if (message.type === "rematch") {
          closedByUs = true;
          window.location.assign(message.link);
        } else if (message.type === "error" && message.code === "elsewhere" && message.where) {
          // Another server plays this table (several servers on one database): go there.
          closedByUs = true;
          window.location.assign(message.where.replace(/\/$/, "") + "/t/" + tableId +
                                 window.location.search + window.location.hash);
        } else if (message.type === "error") {
          if (rematchAsked) {
            rematchAsked = false;
            document.getElementById("rematch").disabled = false;
          }
          showError(message.message);
          if (message.code === "bad_token" || message.code === "no_table") { closedByUs = true; }
        }
      };
      socket.onclose = function () {
        root.setAttribute("data-connected", "0");
        if (closedByUs) { return; }
        status.textContent = tx("reconnecting");
        setTimeout(connect, pause);
        pause = Math.min(pause * 2, 5000);
      };
    }

    function welcomed(message) {
      welcome = message; pause = 250; log.textContent = "";
      root.setAttribute("data-connected", "1");
      if (message.title) { baseTitle = message.title; }
      var variant = document.getElementById("variant");
      variant.textContent = message.variant || "";
      variant.hidden = !message.variant;
      var seatName = message.seat === null ? null
        : (message.seats[message.seat] || {}).name || null;
      remember({ table: tableId, token: message.seat === null ? null : token,
                 title: baseTitle, name: seatName, at: Date.now() });
    }

    function names() { return view.seats.map(function (s) { return s.name; }); }
    function botWords(s) { return s.bot_label || s.bot || ""; }

    function render(v) {
      var previous = view;
      view = v;
      if (errorAt !== null && (v.number !== errorAt || v.over)) { clearError(); }
      if (!previous || previous.number !== v.number) { cancelPending(); }
      root.setAttribute("data-number", String(v.number));
      root.setAttribute("data-over", v.over ? "1" : "0");
      root.setAttribute("data-ply", String(v.ply));
      var mine = v.seat === null ? null : v.seats[v.seat];
      who.textContent = v.seat === null ? tx("spectating") : tx("you_are", { name: mine.name });
      if (v.board) { board.innerHTML = v.board; } else { board.textContent = ""; }
      board.querySelectorAll("[data-move]").forEach(function (e) {
        var lm = legalOf(e.getAttribute("data-move"));
        if (lm && lm.label && !e.querySelector("title")) {
          var t = document.createElementNS("http://www.w3.org/2000/svg", "title");
          t.textContent = lm.label;
          e.appendChild(t);
        }
      });

      moves.textContent = "";
      v.legal.forEach(function (lm) {
        var b = el("button", lm.action === v.your_choice ? "chosen" : "");
        b.type = "button";
        if (lm.colour && window.CSS && CSS.supports("color", lm.colour)) {
          var swatch = el("span", "swatch");
          swatch.style.background = lm.colour;
          swatch.setAttribute("aria-hidden", "true");
          b.appendChild(swatch);
        }
        b.appendChild(el("span", "label", lm.label || lm.move));
        b.setAttribute("data-notation", lm.move);
        b.title = tx("expert_move", { move: lm.move });
        b.addEventListener("click", function () { pick(lm.move); });
        moves.appendChild(b);
      });
      markPicked();

      v.narration.forEach(function (line, i) {
        log.appendChild(logLine(line, (v.rules || [])[i] || []));
      });
      if (v.narration.length) { log.scrollTop = log.scrollHeight; }

      var seatList = document.getElementById("seatlist");
      seatList.textContent = "";
      v.seats.forEach(function (s) {
        var acting = v.to_act.indexOf(s.seat) >= 0 && !v.over;
        var li = el("li", acting ? "acting" : "");
        li.setAttribute("data-seat", String(s.seat));
        li.appendChild(el("span", "sname", s.name));
        if (s.seat === v.seat) { li.appendChild(el("span", "tag", "(" + tx("you") + ")")); }
        if (s.away) {
          li.appendChild(el("span", "tag", "(" + tx("away_bot", { label: botWords(s) }) + ")"));
        } else if (s.kind === "bot") {
          li.appendChild(el("span", "tag", tx("bot_named", { label: botWords(s) })));
        }
        if (v.chosen.indexOf(s.seat) >= 0) {
          var tick = el("span", "tick", "✓");
          tick.title = tx("chosen");
          li.appendChild(tick);
        }
        if (v.over && v.finish && v.finish.winners.indexOf(s.seat) >= 0) { li.className = "winner"; }
        seatList.appendChild(li);
      });

      var myTurn = v.seat !== null && !v.over && v.to_act.indexOf(v.seat) >= 0 && v.legal.length > 0;
      status.className = "status";
      if (v.over) {
        status.textContent = v.finish ? v.finish.headline : tx("game_over");
      } else if (myTurn) {
        status.textContent = tx("your_turn"); status.className = "status mine";
      } else if (v.seat !== null && v.your_choice !== null && v.your_choice !== undefined) {
        status.textContent = tx("you_chose");
      } else {
        var waiting = v.to_act.map(function (s) { return names()[s]; });
        status.textContent = tx("waiting_for", { names: waiting.length ? joinNames(waiting) : tx("chance") });
      }
      if (myTurn && (!previous || previous.number !== v.number)) { showTappable(); }
      document.title = myTurn ? tx("tab_your_move", { title: baseTitle }) : baseTitle + " — " + tx("site");
      favicon.href = myTurn ? "/static/favicon-turn.svg" : "/static/favicon.svg";

      var person = mine && mine.kind === "person" && !mine.away;
      show("undo", Boolean(person && !v.over && v.can_undo));
      show("tobot", Boolean(person && !v.over));
      show("takeback", Boolean(mine && !v.over && !person));
      show("moves", v.legal.length > 0);
      var replayLink = "/t/" + encodeURIComponent(tableId) + "/replay" + (v.seat === null ? "" : "?seat=" + v.seat);
      document.getElementById("end-replay").href = replayLink;
      endPanel(v);
      tick();
    }

    // On a desktop the moves sit beside a long board (Ausgebremst's): when it becomes the
    // person's turn and none of the squares to tap is on screen, bring the first into view.
    function showTappable() {
      if (!window.matchMedia("(min-width: 900px)").matches) { return; }
      var first = board.querySelector("[data-move]");
      if (!first) { return; }
      var r = first.getBoundingClientRect();
      if (r.bottom < 0 || r.top > window.innerHeight) {
        first.scrollIntoView({ block: "center", inline: "nearest" });
      }
    }

    function endPanel(v) {
      var panel = document.getElementById("end");
      panel.hidden = !v.over;
      if (!v.over) { return; }
      var finish = v.finish;
      var winners = finish ? finish.winners : [];
      var title;
      if (v.seat !== null && winners.indexOf(v.seat) >= 0) {
        title = winners.length > 1 ? tx("you_share") : tx("you_won");
      } else if (winners.length === 1) {
        title = tx("wins", { name: names()[winners[0]] });
      } else if (winners.length > 1) {
        title = tx("win_together", { names: joinNames(winners.map(function (s) { return names()[s]; })) });
      } else {
        title = finish ? tx("nobody_wins") : tx("game_over");
      }
      document.getElementById("end-title").textContent = title;
      document.getElementById("end-headline").textContent = finish ? finish.headline : "";
      var body = document.querySelector("#placings tbody");
      body.textContent = "";
      (finish ? finish.placings : []).forEach(function (p) {
        var tr = el("tr", winners.indexOf(p.seat) >= 0 ? "winner" : "");
        tr.setAttribute("data-seat", String(p.seat));
        tr.appendChild(el("td", "num", p.place + "."));
        var name = names()[p.seat] + (p.seat === v.seat ? " (" + tx("you") + ")" : "");
        tr.appendChild(el("td", "", name));
        tr.appendChild(el("td", "", p.points));
        tr.appendChild(el("td", "", p.note));
        body.appendChild(tr);
      });
      document.getElementById("placings").hidden = !(finish && finish.placings.length);
      // A game that only names a winner has no points; a column nobody has a note in goes.
      var placings = finish ? finish.placings : [];
      [["points", 3], ["note", 4]].forEach(function (column) {
        var empty = !placings.some(function (p) { return p[column[0]]; });
        document.querySelectorAll("#placings tr > :nth-child(" + column[1] + ")").forEach(function (cell) {
          cell.hidden = empty;
        });
      });
      var standings = document.getElementById("standings");
      standings.textContent = "";
      var rows = finish && finish.table ? finish.table : [];
      rows.forEach(function (row, i) {
        var tr = el("tr");
        row.forEach(function (cell) { tr.appendChild(el(i === 0 ? "th" : "td", "", cell)); });
        standings.appendChild(tr);
      });
      show("standings-box", rows.length > 1);
      var rematch = document.getElementById("rematch");
      if (v.rematch) {
        rematch.textContent = v.seat === null ? tx("watch_rematch") : tx("join_rematch");
        rematch.hidden = false;
      } else {
        rematch.textContent = tx("rematch");
        rematch.hidden = v.seat === null;
      }
      rematch.disabled = rematchAsked;
    }

    // -- the clock: each deadline counted down every second
    function clockText(seconds) {
      var s = Math.max(0, Math.floor(seconds));
      var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
      var pad = function (n) { return (n < 10 ? "0" : "") + n; };
      return h ? h + ":" + pad(m) + ":" + pad(r) : m + ":" + pad(r);
    }
    function tick() {
      var box = document.getElementById("clock");
      var deadlines = view && !view.over ? view.deadlines || {} : {};
      var parts = Object.keys(deadlines).map(function (s) {
        var left = deadlines[s] - Date.now() / 1000;
        return tx("time_left", { name: names()[s], time: clockText(left) });
      });
      box.textContent = parts.join(" · ");
      box.hidden = !parts.length;
    }
    setInterval(tick, 1000);

    status.textContent = tx("connecting");
    connect();
  }
})();
