import NotezKit

/// The stylesheet and script, compiled into the binary (the CSP allows only these, from this origin).
enum Assets {
    /// The color classes of the presets and of every hex color in use (inline styles are forbidden).
    static func colorsCSS(_ index: VaultIndex) -> String {
        var colors: [String: ColorName] = [:]
        for name in ColorName.presets.keys { if let color = ColorName(name) { colors[color.text] = color } }
        for tag in index.tags { if let color = tag.color { colors[color.text] = color } }
        for node in index.folderTree.descendants { if let color = node.color { colors[color.text] = color } }
        var css = ""
        for (_, color) in colors.sorted(by: { $0.key < $1.key }) {
            let (r, g, b) = color.rgb
            css += ".c-\(color.text.replacingOccurrences(of: "#", with: "x")){--c:rgb(\(r),\(g),\(b))}\n"
        }
        return css
    }

    static let css = """
        :root{color-scheme:light dark;--bg:#fff;--fg:#1d1d1f;--muted:#6e6e73;--line:#d2d2d7;--accent:#0060df;--chip:#f0f0f3;--flash:#eef6ee;--error:#fdecea}
        @media (prefers-color-scheme:dark){:root{--bg:#1c1c1e;--fg:#f2f2f7;--muted:#a1a1a6;--line:#3a3a3c;--accent:#6ea8ff;--chip:#2c2c2e;--flash:#1f3322;--error:#3b1f1f}}
        *{box-sizing:border-box}
        body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;background:var(--bg);color:var(--fg)}
        a{color:var(--accent)}
        a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,textarea:focus-visible,summary:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
        .skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:var(--bg);padding:4px}
        .visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
        header.top{display:flex;flex-wrap:wrap;gap:12px;align-items:center;padding:8px 16px;border-bottom:1px solid var(--line)}
        header.top nav a{margin-right:12px}
        main{padding:16px;max-width:1200px;margin:0 auto}
        .columns{display:grid;grid-template-columns:repeat(auto-fit,minmax(320px,1fr));gap:24px}
        h1 .count,h2 .count,.count{color:var(--muted);font-weight:normal;font-size:.9em}
        ul.notes{list-style:none;padding:0}ul.notes li{padding:6px 0;border-bottom:1px solid var(--line)}
        .title{font-weight:600}.snippet{margin:2px 0 0;color:var(--muted);font-size:.9em}
        time,.small,.meta{color:var(--muted);font-size:.85em}
        .pin{font-size:.75em;border:1px solid var(--muted);border-radius:4px;padding:0 4px;color:var(--muted)}
        .chip{display:inline-block;background:var(--chip);border-radius:999px;padding:0 8px;font-size:.85em;text-decoration:none;color:var(--fg);border-left:4px solid var(--c,transparent)}
        ul.tags,ul.chips,ol.chips{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:6px}
        ul.tree{list-style:none;padding-left:16px}ul.tree summary{cursor:pointer}
        a.folder,h1.folder{border-left:4px solid var(--c,transparent);padding-left:4px}
        .breadcrumbs ol{list-style:none;padding:0;display:flex;flex-wrap:wrap}
        .breadcrumbs li+li::before{content:"\\203A";padding:0 6px;color:var(--muted)}
        form.inline{display:inline-block;margin:4px 8px 4px 0}
        details.capture form{display:grid;gap:6px;max-width:480px;padding:8px}
        .flash{background:var(--flash);padding:8px 16px;margin:8px 16px;border-radius:6px}
        .flash.error{background:var(--error)}
        .banner{background:var(--error);padding:8px 16px}
        pre{overflow:auto;background:var(--chip);padding:8px;border-radius:6px}
        .markdown img{max-width:100%}
        .markdown table{border-collapse:collapse}.markdown td,.markdown th{border:1px solid var(--line);padding:4px 8px}
        #q{width:min(60ch,100%)}
        textarea{width:100%;font:14px/1.4 ui-monospace,monospace;background:var(--bg);color:var(--fg)}
        .empty-state{text-align:center;padding:32px}
        .chips-editor .join{font-weight:600;text-decoration:none}
        .chip .remove{text-decoration:none;color:var(--muted);margin-left:4px}
        .kind{color:var(--muted)}
        .backlink-list .line,.backlink-list .context{color:var(--muted)}
        table{border-collapse:collapse}td,th{padding:4px 8px;border-bottom:1px solid var(--line);text-align:left}
        .problem{color:#b00020}
        @media (prefers-color-scheme:dark){.problem{color:#ff8a80}}
        """

    /// Live updates and keyboard shortcuts; every page works without it.
    static let js = """
        "use strict";
        (function () {
          // Keyboard: "/" focuses search, "n" opens capture, "j"/"k" move through note lists.
          document.addEventListener("keydown", function (event) {
            var target = event.target;
            if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT" || target.isContentEditable)) return;
            if (event.ctrlKey || event.metaKey || event.altKey) return;
            if (event.key === "/") {
              var box = document.getElementById("q") || document.getElementById("top-q");
              if (box) { event.preventDefault(); box.focus(); }
            } else if (event.key === "n") {
              var capture = document.querySelector("details.capture");
              if (capture) { event.preventDefault(); capture.open = true; capture.querySelector("input[name=title]").focus(); }
            } else if (event.key === "j" || event.key === "k") {
              var links = Array.prototype.slice.call(document.querySelectorAll("main ul.notes a.title"));
              if (!links.length) return;
              var at = links.indexOf(document.activeElement);
              at = event.key === "j" ? Math.min(links.length - 1, at + 1) : Math.max(0, at - 1);
              links[at].focus();
            }
          });

          // Live: the server says when the vault changed; the page reloads its main part in place.
          var editor = document.querySelector("form.editor");
          var dirty = false;
          if (editor) editor.addEventListener("input", function () { dirty = true; });
          var banner = document.getElementById("live-banner");
          function show(text) { if (banner) { banner.textContent = text; banner.hidden = false; } }
          function refresh() {
            fetch(location.href, { credentials: "same-origin" }).then(function (response) {
              if (!response.ok) return null;
              return response.text();
            }).then(function (text) {
              if (text === null || text === undefined) return;
              var page = new DOMParser().parseFromString(text, "text/html");
              var fresh = page.getElementById("main");
              var main = document.getElementById("main");
              if (fresh && main) main.innerHTML = fresh.innerHTML;
              var nav = page.querySelector("header.top nav");
              var oldNav = document.querySelector("header.top nav");
              if (nav && oldNav) oldNav.innerHTML = nav.innerHTML;
              document.body.setAttribute("data-generation", page.body.getAttribute("data-generation") || "");
            });
          }
          if (!window.EventSource) return;
          var source = new EventSource("/events");
          source.addEventListener("change", function (event) {
            var data = {};
            try { data = JSON.parse(event.data); } catch (e) { return; }
            if (editor) {
              var path = editor.getAttribute("data-path");
              if ((data.paths || []).indexOf(path) >= 0) {
                show(dirty ? "This note changed on disk while you were editing it. Saving will be refused; copy your text first."
                           : "This note changed on disk. Reload to edit the new version.");
              }
              return;
            }
            refresh();
          });
        })();
        """
}
