// rennbahn pages: the language switch, the lobby form, and the table page's websocket.
// Plain JavaScript, no build step. Everything a person typed is inserted as text.
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
  function tx(key, values) { return fill(TEXTS[key] || key, values || {}); }
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined) { e.textContent = text; }
    return e;
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
    function layoutSeats() {
      var game = gameSelect.value, n = seatCount();
      while (seatList.children.length > n) { seatList.removeChild(seatList.lastElementChild); }
      while (seatList.children.length < n) {
        var row = rowTemplate.content.firstElementChild.cloneNode(true);
        seatList.appendChild(row);
        row.querySelector(".kind").setAttribute("data-fresh", "1");
      }
      Array.prototype.forEach.call(seatList.children, function (row, i) {
        var kind = row.querySelector(".kind");
        var fallback = "";
        Array.prototype.forEach.call(kind.options, function (o) {
          var g = o.getAttribute("data-game");
          var show = !g || g === game;
          o.hidden = !show; o.disabled = !show;
          if (show && g && !fallback) { fallback = o.value; }
          if (show && o.value === "heuristic") { fallback = "heuristic"; }
        });
        var current = kind.options[kind.selectedIndex];
        if (kind.getAttribute("data-fresh") === "1") {
          kind.value = i === 0 ? "" : fallback;
          kind.removeAttribute("data-fresh");
        } else if (current && current.disabled) {
          kind.value = fallback;
        }
        row.querySelector(".name").placeholder = tx("seat_n", { n: i + 1 });
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

    function gameString() {
      var parts = [];
      fieldset().querySelectorAll("[data-param]").forEach(function (input) {
        var value = String(input.value).trim();
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
      var seats = Array.prototype.map.call(seatList.children, function (row) {
        var seat = {};
        var name = row.querySelector(".name").value.trim();
        var bot = row.querySelector(".kind").value;
        if (name) { seat.name = name; }
        if (bot) { seat.bot = bot; }
        return seat;
      });
      var body = { game: gameString(), seats: seats, public: document.getElementById("public").checked };
      var minutes = parseFloat(document.getElementById("clock").value);
      if (!isNaN(minutes) && minutes > 0) { body.clock = minutes * 60; }
      fetch("/api/tables", { method: "POST", headers: { "content-type": "application/json" },
                             body: JSON.stringify(body) })
        .then(function (r) { return r.json().then(function (j) { return [r.status, j]; }); })
        .then(function (answer) {
          if (answer[0] !== 201) { throw new Error(answer[1].error ? answer[1].error.message : "?"); }
          showLinks(answer[1]);
        })
        .catch(function (e) { error.textContent = tx("error") + ": " + e.message; error.hidden = false; });
    });

    function linkRow(label, href) {
      var li = el("li");
      li.appendChild(el("strong", "", label));
      var input = el("input");
      input.type = "text"; input.readOnly = true; input.value = href;
      li.appendChild(input);
      var copy = el("button", "", TEXTS.copy || "Copy");
      copy.type = "button";
      copy.addEventListener("click", function () {
        input.select();
        if (navigator.clipboard) { navigator.clipboard.writeText(href).catch(function () {}); }
        copy.textContent = tx("copied");
      });
      li.appendChild(copy);
      var open = el("a", "button", TEXTS.open_link || "Open");
      open.href = href; open.target = "_blank"; open.rel = "noopener";
      li.appendChild(open);
      return li;
    }
    function showLinks(answer) {
      var list = document.getElementById("links");
      list.textContent = "";
      answer.seats.forEach(function (s) {
        var label = s.name + (s.bot ? " (" + s.bot + ")" : "");
        var row = linkRow(label, s.link);
        row.setAttribute("data-seat", s.seat);
        list.appendChild(row);
      });
      var spectate = linkRow(tx("spectator_link"), answer.spectator);
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
        fetch("/api/tables/" + encodeURIComponent(join.getAttribute("data-table")) + "/join",
              { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })
          .then(function (r) { return r.json().then(function (j) { return [r.status, j]; }); })
          .then(function (answer) {
            if (answer[0] !== 200) { throw new Error(answer[1].error ? answer[1].error.message : "?"); }
            window.location.href = answer[1].link;
          })
          .catch(function (e) { window.alert(tx("error") + ": " + e.message); });
      });
    });
  }

  // -- the table page ---------------------------------------------------------------------
  function table() {
    var root = document.getElementById("table");
    var tableId = root.getAttribute("data-table");
    var lang = root.getAttribute("data-lang");
    var standin = root.getAttribute("data-standin");
    var match = /(?:^|[#&])token=([^&]+)/.exec(window.location.hash);
    var token = match ? decodeURIComponent(match[1]) : null;
    var board = document.getElementById("board");
    var moves = document.getElementById("moves");
    var log = document.getElementById("log");
    var status = document.getElementById("status");
    var errorBox = document.getElementById("error");
    var who = document.getElementById("who");
    var socket = null, pause = 250, view = null, welcome = null, closedByUs = false;

    function send(message) {
      message.v = 1;
      if (socket && socket.readyState === 1) { socket.send(JSON.stringify(message)); }
    }
    function showError(text) {
      errorBox.textContent = tx("error") + ": " + text;
      errorBox.hidden = false;
    }
    function move(notation) {
      if (!view) { return; }
      errorBox.hidden = true;
      send({ type: "move", number: view.number, move: notation });
    }

    board.addEventListener("click", function (event) {
      var target = event.target.closest ? event.target.closest("[data-move]") : null;
      if (target && board.contains(target)) { move(target.getAttribute("data-move")); }
    });
    board.addEventListener("keydown", function (event) {
      if (event.key !== "Enter" && event.key !== " ") { return; }
      var target = event.target.closest ? event.target.closest("[data-move]") : null;
      if (target) { event.preventDefault(); move(target.getAttribute("data-move")); }
    });
    document.getElementById("undo").addEventListener("click", function () {
      if (view) { errorBox.hidden = true; send({ type: "undo", number: view.number }); }
    });
    document.getElementById("tobot").addEventListener("click", function () {
      send({ type: "seat", bot: standin });
    });
    document.getElementById("takeback").addEventListener("click", function () {
      send({ type: "seat", bot: null });
    });

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
          welcome = message; pause = 250; log.textContent = "";
          root.setAttribute("data-connected", "1");
        } else if (message.type === "view") {
          render(message);
        } else if (message.type === "error" && message.code === "elsewhere" && message.where) {
          // Another server plays this table (several servers on one database): go there.
          closedByUs = true;
          window.location.assign(message.where.replace(/\/$/, "") + "/t/" + tableId +
                                 window.location.search + window.location.hash);
        } else if (message.type === "error") {
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

    function names() { return view.seats.map(function (s) { return s.name; }); }

    function render(v) {
      view = v;
      root.setAttribute("data-number", String(v.number));
      root.setAttribute("data-over", v.over ? "1" : "0");
      var mine = v.seat === null ? null : v.seats[v.seat];
      who.textContent = v.seat === null ? tx("spectating") : tx("you_are", { name: mine.name });
      if (v.board) { board.innerHTML = v.board; } else { board.textContent = ""; }

      moves.textContent = "";
      v.legal.forEach(function (lm) {
        var b = el("button", lm.action === v.your_choice ? "chosen" : "", lm.move);
        b.type = "button";
        b.setAttribute("data-notation", lm.move);
        b.addEventListener("click", function () { move(lm.move); });
        moves.appendChild(b);
      });

      v.narration.forEach(function (line) { log.appendChild(el("li", "", line)); });
      if (v.narration.length) { log.scrollTop = log.scrollHeight; }

      var seatList = document.getElementById("seatlist");
      seatList.textContent = "";
      v.seats.forEach(function (s) {
        var label = s.name;
        if (s.seat === v.seat) { label += " (" + tx("you") + ")"; }
        if (s.kind === "bot") { label += " [" + s.bot + "]"; }
        if (s.away) { label += " [" + tx("away") + ": " + s.bot + "]"; }
        if (v.chosen.indexOf(s.seat) >= 0) { label += " — " + tx("chosen"); }
        var li = el("li", v.to_act.indexOf(s.seat) >= 0 ? "acting" : "", label);
        seatList.appendChild(li);
      });

      status.className = "status";
      var late = Object.keys(v.deadlines || {}).map(function (s) {
        var left = Math.max(0, Math.round((v.deadlines[s] * 1000 - Date.now()) / 60000));
        return tx("deadline", { name: names()[s], time: left + " min" });
      }).join("; ");
      if (late) { who.textContent += " · " + late; }
      if (v.over) {
        var result = v.result ? v.seats.map(function (s, i) { return s.name + ": " + v.result[i]; }).join(", ") : "";
        status.textContent = tx("game_over") + (result ? " " + tx("result") + ": " + result : "");
      } else if (v.seat !== null && v.to_act.indexOf(v.seat) >= 0 && v.legal.length) {
        status.textContent = tx("your_turn"); status.className = "status mine";
      } else if (v.seat !== null && v.your_choice !== null && v.your_choice !== undefined) {
        status.textContent = tx("you_chose");
      } else {
        var waiting = v.to_act.map(function (s) { return names()[s]; }).join(", ");
        status.textContent = tx("waiting_for", { names: waiting || tx("chance") });
      }
      var person = mine && mine.kind === "person" && !mine.away;
      document.getElementById("undo").hidden = !(person && !v.over && v.ply > 0);
      document.getElementById("tobot").hidden = !(person && !v.over);
      document.getElementById("takeback").hidden = !(mine && !v.over && !person);
      document.getElementById("replay").hidden = !v.over;
      if (v.over) {
        document.getElementById("replay").href = "/t/" + encodeURIComponent(tableId) + "/replay" +
          (v.seat === null ? "" : "?seat=" + v.seat);
      }
    }

    status.textContent = tx("connecting");
    connect();
  }
})();
