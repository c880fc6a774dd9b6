/// The class board's style sheet and script, served from `/class/` behind the teacher's token,
/// so that the page's Content-Security-Policy allows this origin's script and style only.
enum ClassBoardAssets {
    /// Sized for a projector: the script sets `--rows` to the number of students, and a row's
    /// text is as large as 30 rows (or the class's rows) allow on the screen's height.
    static let style = """
        *{box-sizing:border-box}
        html{--rows:30}
        body{margin:0;font-family:system-ui,-apple-system,"Apple SD Gothic Neo","Noto Sans KR","NanumGothic",sans-serif;color:#111;background:#fff;font-size:clamp(12px,calc((100vh - 5.5rem) / (var(--rows) + 1) / 1.3),28px)}
        header{display:flex;align-items:baseline;gap:1.2rem;padding:.35rem 1rem;background:#1d2a44;color:#fff}
        h1{margin:0;font-size:1.3rem}
        header p{margin:0;font-size:1rem}
        #live{color:#8fe08f;font-weight:700}
        main{padding:0 .5rem}
        table{width:100%;border-collapse:collapse;table-layout:fixed}
        th,td{padding:.05em .4em;text-align:left;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;line-height:1.25}
        th{font-size:.85em;color:#444;border-bottom:2px solid #1d2a44}
        tbody tr:nth-child(even){background:#f1f3f7}
        th.name{width:9%}th.num{width:6.5%}th.methods{width:13%}th.statuses{width:10%}th.error{width:auto}th.steps{width:8%}th.habits{width:24%}
        td.methods{font-size:.9em}
        td.name{font-weight:700;word-break:keep-all}
        td.num,th.num{text-align:right}
        td.statuses{font-variant-numeric:tabular-nums}
        td.error .code{font-weight:700;color:#b3261e}
        td.error .meaning{color:#333}
        td.habits{color:#8a4b00}
        tr.quiet{color:#888}
        tr.quiet td.name{font-weight:400}
        tr.flash{animation:flash 1.2s ease-out}
        @keyframes flash{from{background:#fff3b0}to{background:transparent}}
        .empty{font-size:1.2rem;color:#555}
        """

    /// Keeps the board current: each `row` event of `/class/events` carries one student's cells as
    /// JSON, written into the row's cells as text (never as markup); a student the page has not
    /// seen gets a new row. A refused or lost stream is tried again as the storefront's is.
    static let script = """
        (function () {
          "use strict";
          var board = document.getElementById("board");
          if (!window.EventSource || !board) { return; }
          var body = board.tBodies[0];
          var live = document.getElementById("live");
          var count = document.getElementById("count");
          var fields = ["name", "requests", "methods", "statuses", null, "products"];
          if (board.dataset.steps === "true") { fields.push("steps"); }
          if (board.dataset.habits === "true") { fields.push("habits"); }
          var titles = { name: "name", methods: "methodsValue", steps: "stepNames", habits: "habitsTitle" };
          var classes = { name: "name", requests: "num", methods: "methods", statuses: "statuses", products: "num", steps: "steps", habits: "habits" };
          function fit() { document.documentElement.style.setProperty("--rows", String(Math.max(body.rows.length, 12))); }
          function cell(row, className, field) {
            var td = document.createElement("td");
            td.className = className;
            if (field) { td.dataset.field = field; }
            row.appendChild(td);
            return td;
          }
          function makeRow(id) {
            var row = document.createElement("tr");
            row.dataset.id = String(id);
            fields.forEach(function (field) {
              if (field === null) {
                var error = cell(row, "error", null);
                var code = document.createElement("span");
                code.className = "code";
                code.dataset.field = "error";
                var meaning = document.createElement("span");
                meaning.className = "meaning";
                meaning.dataset.field = "meaning";
                error.appendChild(code);
                error.appendChild(document.createTextNode(" "));
                error.appendChild(meaning);
              } else {
                cell(row, classes[field], field);
              }
            });
            body.appendChild(row);
            fit();
            return row;
          }
          function apply(data) {
            if (typeof data.id !== "number") { return; }
            var row = body.querySelector('tr[data-id="' + data.id + '"]') || makeRow(data.id);
            var changed = false;
            row.querySelectorAll("[data-field]").forEach(function (element) {
              var field = element.dataset.field;
              var value = data[field];
              if (typeof value === "string" && element.textContent !== value) { element.textContent = value; changed = true; }
              var full = data[field + "Value"];
              if (typeof full === "string") { element.dataset.value = full; }
              var title = data[titles[field]];
              if (typeof title === "string") { element.title = title; }
            });
            var error = row.querySelector("td.error");
            if (error && typeof data.errorTitle === "string") { error.title = data.errorTitle; }
            row.classList.toggle("quiet", data.quiet === true);
            row.classList.toggle("failing", data.failing === true);
            if (changed) { row.classList.remove("flash"); void row.offsetWidth; row.classList.add("flash"); }
          }
          var events = null;
          var failures = 0;
          function retryLater() {
            var delay = Math.min(60000, 2000 * Math.pow(2, Math.min(failures, 5)));
            failures += 1;
            setTimeout(listen, delay * (0.5 + Math.random() / 2));
          }
          function listen() {
            var source = new EventSource("/class/events");
            events = source;
            source.addEventListener("row", function (event) {
              try { apply(JSON.parse(event.data)); } catch (ignored) {}
            });
            source.addEventListener("count", function (event) {
              try { count.textContent = JSON.parse(event.data).text; } catch (ignored) {}
            });
            source.onopen = function () { failures = 0; if (live) { live.hidden = false; } };
            source.onerror = function () {
              if (live) { live.hidden = true; }
              if (source.readyState === EventSource.CLOSED && events === source) { events = null; retryLater(); }
            };
          }
          fit();
          listen();
        })();
        """
}
