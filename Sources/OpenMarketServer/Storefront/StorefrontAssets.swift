/// The storefront's style sheet and its one script, served from `/storefront/` so that the
/// pages' Content-Security-Policy can allow scripts and styles from this origin only (no inline
/// code at all).
enum StorefrontAssets {
    static let style = """
        *{box-sizing:border-box}
        html,body{overflow-x:hidden}
        body{margin:0;font-family:system-ui,-apple-system,"Apple SD Gothic Neo","Noto Sans KR","NanumGothic",sans-serif;color:#222;background:#fafafa;overflow-wrap:anywhere}
        header{display:flex;flex-wrap:wrap;align-items:baseline;gap:1em;padding:.8em 1em;background:#fff;border-bottom:1px solid #ddd}
        header .home{font-weight:700;font-size:1.2em;color:#222;text-decoration:none}
        #live{margin:0;font-size:.8em;color:#2a7a2a}
        main{padding:1em;max-width:1100px;margin:0 auto}
        .views{display:flex;gap:.5em;margin-bottom:1em}
        .view{padding:.3em .9em;border:1px solid #888;border-radius:4px;color:#222;text-decoration:none}
        .view.current{background:#222;color:#fff}
        .products{list-style:none;margin:0;padding:0}
        .products.list .card{display:grid;grid-template-columns:72px 1fr auto;grid-template-areas:"photo name stock" "photo price vendor";gap:.2em .8em;align-items:center;padding:.6em 0;border-bottom:1px solid #e4e4e4}
        .products.list .card a{display:contents;color:inherit;text-decoration:none}
        .products.list .card img,.products.list .no-photo{grid-area:photo;width:72px;height:72px}
        .products.list .card>*{min-width:0}
        .products.list .name{grid-area:name;font-weight:600}
        .products.list .price{grid-area:price}
        .products.list .stock{grid-area:stock;text-align:right}
        .products.list .vendor{grid-area:vendor;text-align:right;color:#777;font-size:.85em}
        .products.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:1em}
        .products.grid .card{display:flex;flex-direction:column;gap:.25em;padding:.6em;background:#fff;border:1px solid #e4e4e4;border-radius:8px}
        .products.grid .card a{color:inherit;text-decoration:none;display:flex;flex-direction:column;gap:.4em}
        .products.grid img,.products.grid .no-photo{width:100%;aspect-ratio:1;object-fit:cover}
        .products.grid .vendor{color:#777;font-size:.85em}
        .no-photo{display:block;background:#e8e8e8}
        img{object-fit:cover;border-radius:4px;background:#eee}
        .original{color:#999}
        .discount{color:#c0392b;font-size:.85em}
        .final{font-weight:700}
        .sold-out-mark{color:#c0392b;font-weight:700}
        .sold-out img{opacity:.5}
        .pages{display:flex;gap:1em;justify-content:center;margin:1.5em 0}
        .description{white-space:pre-line;line-height:1.5}
        .name,.description{word-break:keep-all;overflow-wrap:anywhere}
        .photos{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:.8em}
        .photos img{width:100%}
        .empty{color:#777}
        """

    /// Keeps an open page current: on each catalog change told by `/storefront/events`, it
    /// fetches the same address again and puts the new `<main>` in place of the old one. No
    /// framework; without JavaScript the page is complete as served.
    static let script = """
        (function () {
          "use strict";
          if (!window.EventSource || !window.fetch || !window.DOMParser) { return; }
          var live = document.getElementById("live");
          var waiting = null;
          function refresh() {
            waiting = null;
            fetch(location.href, { headers: { "Accept": "text/html" }, cache: "no-store" })
              .then(function (answer) { return answer.text(); })
              .then(function (html) {
                var page = new DOMParser().parseFromString(html, "text/html");
                var fresh = page.querySelector("main");
                var current = document.querySelector("main");
                if (fresh && current) { current.replaceWith(document.importNode(fresh, true)); }
                if (page.title) { document.title = page.title; }
              })
              .catch(function () {});
          }
          var events = null;
          // A refused stream (503 when the market has too many open, or this address has) or a
          // market that is down closes the EventSource for good: a browser retries by itself only
          // after a stream that had opened. The page then tries again after a delay that doubles
          // from 2 s up to a minute, each a random half to whole of it (so that a class's pages,
          // refused together, do not all return in the same second), and catches up once it is back in.
          var failures = 0;
          var retrying = null;
          function retryLater() {
            var delay = Math.min(60000, 2000 * Math.pow(2, Math.min(failures, 5)));
            failures += 1;
            retrying = setTimeout(function () { retrying = null; listen(); }, delay * (0.5 + Math.random() / 2));
          }
          function listen() {
            var source = new EventSource("/storefront/events");
            events = source;
            source.addEventListener("product", function () {
              if (waiting === null) { waiting = setTimeout(refresh, 100); }
            });
            source.onopen = function () {
              if (failures > 0) { failures = 0; refresh(); }
              if (live) { live.hidden = false; }
            };
            source.onerror = function () {
              if (live) { live.hidden = true; }
              if (source.readyState === EventSource.CLOSED && events === source) {
                events = null;
                retryLater();
              }
            };
          }
          // A page left for another keeps no connection open (a browser allows six per server,
          // and a cached page would hold its stream); it listens again, and catches up, on return.
          window.addEventListener("pagehide", function () {
            if (events) { events.close(); events = null; }
            if (retrying !== null) { clearTimeout(retrying); retrying = null; }
            if (live) { live.hidden = true; }
          });
          window.addEventListener("pageshow", function (event) {
            if (event.persisted) { failures = 0; listen(); refresh(); }
          });
          listen();
        })();
        """
}
