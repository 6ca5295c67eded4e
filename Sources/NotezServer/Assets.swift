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
        :root{color-scheme:light dark;--bg:#f7f7f8;--panel:#fff;--side:#f0f0f3;--fg:#1c1c1f;--muted:#65656d;--line:#dcdce2;--accent:#4f46e5;--accent-fg:#fff;--hover:#e6e6ec;--chip:#ececf1;--flash:#e8f5ec;--error:#fdecea;--mark:#fff3a3;--code:#f1f1f4;--radius:10px;--top:56px;--shadow:0 1px 2px rgba(0,0,0,.06),0 2px 8px rgba(0,0,0,.05)}
        @media (prefers-color-scheme:dark){:root{--bg:#17171a;--panel:#1f1f23;--side:#1b1b1f;--fg:#ececf1;--muted:#a0a0aa;--line:#34343b;--accent:#8b85ff;--accent-fg:#111;--hover:#2a2a31;--chip:#2b2b32;--flash:#1d3325;--error:#3d2222;--mark:#5c5020;--code:#26262c;--shadow:none}}
        *{box-sizing:border-box}
        html{-webkit-text-size-adjust:100%}
        body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--fg);overflow-wrap:anywhere}
        a{color:var(--accent);text-decoration:none}a:hover{text-decoration:underline}
        :focus-visible{outline:3px solid var(--accent);outline-offset:2px;border-radius:4px}
        .icon{flex:none;vertical-align:middle}
        h1{font-size:1.75rem;line-height:1.25;margin:.2em 0 .5em;letter-spacing:-.01em}
        h2{font-size:1.2rem;line-height:1.3;margin:1.4em 0 .5em}h3{font-size:1.05rem}
        .skip{position:absolute;left:-999px}.skip:focus{left:8px;top:8px;background:var(--panel);padding:8px;z-index:30}
        .visually-hidden,.drawer-toggle{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
        header.top{position:sticky;top:0;z-index:20;display:flex;gap:8px;align-items:center;height:var(--top);padding:0 12px;background:var(--panel);border-bottom:1px solid var(--line)}
        .brand{display:flex;align-items:center;gap:8px;font-weight:700;font-size:1.1rem;color:var(--fg);min-height:40px}
        .quick-search{flex:1;min-width:0;max-width:520px;margin-left:auto;position:relative;display:flex;align-items:center}
        .quick-search .icon{position:absolute;left:10px;color:var(--muted);pointer-events:none}
        .quick-search input{width:100%;padding-left:38px}
        .icon-button{display:inline-flex;align-items:center;justify-content:center;min-width:44px;min-height:44px;border-radius:8px;cursor:pointer;color:var(--fg)}
        .icon-button:hover{background:var(--hover)}
        .drawer-toggle:focus-visible+header .menu{outline:3px solid var(--accent)}
        input,select,textarea,button,.button,summary.button{font:inherit;color:inherit}
        input,select,textarea{min-height:40px;padding:6px 10px;border:1px solid var(--line);border-radius:8px;background:var(--panel);max-width:100%}
        input:focus,select:focus,textarea:focus{border-color:var(--accent)}
        button,.button{display:inline-flex;align-items:center;gap:6px;min-height:40px;padding:6px 14px;border:1px solid var(--line);border-radius:8px;background:var(--panel);color:var(--fg);cursor:pointer;font-weight:500;text-decoration:none;box-shadow:var(--shadow)}
        button:hover,.button:hover{background:var(--hover);text-decoration:none}
        button.primary,.button.primary{background:var(--accent);border-color:var(--accent);color:var(--accent-fg)}
        button.primary:hover,.button.primary:hover{filter:brightness(1.08)}
        .app{display:grid;grid-template-columns:minmax(0,1fr)}
        .pane{min-width:0}
        main{padding:20px 16px 48px;max-width:860px;margin:0 auto;min-width:0}
        .sidebar{position:fixed;z-index:25;top:0;left:0;bottom:0;width:min(300px,85vw);overflow:auto;background:var(--side);border-right:1px solid var(--line);padding:12px 10px 24px;transform:translateX(-105%);transition:transform .2s;visibility:hidden}
        .drawer-toggle:checked~.app .sidebar{transform:none;visibility:visible}
        .scrim{display:none}
        .drawer-toggle:checked~.app .scrim{display:block;position:fixed;inset:0;z-index:24;background:rgba(0,0,0,.35)}
        @media (min-width:900px){
        .app{grid-template-columns:272px minmax(0,1fr)}
        .sidebar{position:sticky;top:var(--top);height:calc(100vh - var(--top));transform:none;visibility:visible;width:auto;z-index:1}
        .menu,.drawer-toggle:checked~.app .scrim{display:none}
        main{padding:28px 32px 64px}
        }
        .places,.tree,.side-tags{list-style:none;margin:0;padding:0}
        .places a,.tree a,.side-tags a{display:flex;align-items:center;gap:10px;min-height:40px;padding:4px 10px;border-radius:8px;color:var(--fg)}
        .places a:hover,.tree a:hover,.side-tags a:hover{background:var(--hover);text-decoration:none}
        .places .label,.tree a span[dir],.side-tags a span[dir]{flex:1;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
        .count{color:var(--muted);font-weight:normal;font-size:.85em;font-variant-numeric:tabular-nums}
        .side-heading{font-size:.75rem;text-transform:uppercase;letter-spacing:.06em;color:var(--muted);margin:16px 10px 4px}
        .side-tree{max-height:36vh;overflow:auto}
        .tree .tree{padding-left:14px}
        .tree summary{list-style:none;cursor:pointer;border-radius:8px}
        .tree summary::-webkit-details-marker{display:none}
        .tree summary a{padding-left:10px}
        .tree details>summary a::after{content:"";width:8px;height:8px;border-right:2px solid var(--muted);border-bottom:2px solid var(--muted);transform:rotate(-45deg);margin:0 4px 0 auto;flex:none}
        .tree details[open]>summary a::after{transform:rotate(45deg)}
        .dot::before{content:"";flex:none;width:10px;height:10px;border-radius:50%;background:var(--c,transparent);border:2px solid var(--c,var(--muted))}
        .more{margin:4px 10px;font-size:.9em}
        .breadcrumbs ol{list-style:none;padding:0;margin:0 0 8px;display:flex;flex-wrap:wrap;font-size:.9em;color:var(--muted)}
        .breadcrumbs a{color:var(--muted);display:inline-block;padding:8px 0}
        .breadcrumbs li+li::before{content:"\\203A";padding:0 8px}
        .card-form{display:grid;gap:12px}
        .card-form label{display:grid;gap:4px;font-size:.9em;color:var(--muted)}
        @media (max-width:520px){.new-note span,.brand span{display:none}}
        .capture-screen{max-width:680px}
        .capture-form{background:var(--panel);border:1px solid var(--line);border-radius:var(--radius);padding:16px;box-shadow:var(--shadow)}
        .capture-form input[name=title]{font-size:1.15rem;font-weight:600}
        .form-row{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(220px,100%),1fr));gap:12px}
        .property-fields{display:grid;gap:12px}.property-fields:empty{display:none}
        .form-actions{display:flex;flex-wrap:wrap;gap:8px;margin:4px 0 0}
        .hint{margin:0;font-size:.85em;color:var(--muted)}
        kbd{font:.85em ui-monospace,monospace;border:1px solid var(--line);border-bottom-width:2px;border-radius:4px;padding:0 5px;background:var(--panel)}
        main:has(.search-layout){max-width:1180px}
        .search-bar{position:relative;display:flex;gap:8px;align-items:center}
        .search-bar>.icon{position:absolute;left:14px;color:var(--muted);pointer-events:none}
        .search-bar input{flex:1;min-width:0;min-height:48px;padding-left:42px;font-size:1.05rem;border-radius:12px}
        .search-bar button{min-height:48px;border-radius:12px}
        .q-help{margin:6px 0 16px}
        .search-layout{display:grid;gap:16px;grid-template-columns:minmax(0,1fr)}
        @media (min-width:1180px){.search-layout{grid-template-columns:270px minmax(0,1fr);align-items:start}.filters{position:sticky;top:calc(var(--top) + 16px)}}
        .filters{background:var(--panel);border:1px solid var(--line);border-radius:var(--radius);padding:12px 14px 4px}
        .filters h2{margin:0 0 6px;font-size:1rem}
        .filter-group{padding:10px 0;border-top:1px solid var(--line)}
        .filter-group h3{margin:0 0 6px;font-size:.72rem;text-transform:uppercase;letter-spacing:.06em;color:var(--muted)}
        .filter-head{display:flex;align-items:center;justify-content:space-between;gap:8px;margin-bottom:6px}.filter-head h3{margin:0}
        ul.filter-chips{margin:0 0 8px;gap:6px}
        ul.filter-chips li.filter-chip{gap:6px;padding-right:2px}.filter-chip .value{min-width:0}
        .kind-folder.chip::before,.kind-not-folder.chip::before{border-radius:2px;background:var(--accent)}
        .kind-not-folder.chip::before{background:#c0392b}.kind-not-folder .value{text-decoration:line-through}
        .kind-text.chip::before{display:none}
        ul.graph-list{list-style:none;padding:0;margin:0 0 12px;background:var(--panel);border:1px solid var(--line);border-radius:var(--radius);overflow:hidden}
        ul.graph-list:empty{display:none}ul.graph-list li:first-child{border-top:0}ul.graph-list li>a{font-weight:600}
        ul.graph-list li{display:flex;flex-wrap:wrap;align-items:baseline;column-gap:10px;min-height:40px;box-sizing:border-box;padding:9px 14px;border-top:1px solid var(--line)}
        .kind-links-to.chip::before,.kind-linked-by.chip::before{display:none}.filter-chip .lead{color:var(--muted);font-size:.85em;white-space:nowrap}
        .add-filter+ul.filter-chips,.add-filter+.add-filter{margin-top:8px}
        .add-filter{display:flex;gap:6px}.add-filter input{flex:1;min-width:0;min-height:36px}
        button.icon-only{min-height:36px;padding:4px 10px;box-shadow:none}
        .segmented{display:inline-flex;border:1px solid var(--line);border-radius:8px;overflow:hidden}
        .segmented a{display:inline-flex;align-items:center;min-height:30px;padding:2px 12px;color:var(--muted);font-size:.82em;font-weight:600}
        .segmented a+a{border-left:1px solid var(--line)}
        .segmented a[aria-current]{background:var(--accent);color:var(--accent-fg)}
        .switch{display:flex;align-items:center;gap:10px;color:var(--fg);min-height:40px}.switch:hover{text-decoration:none}
        .switch .track{position:relative;flex:none;width:36px;height:20px;border-radius:999px;background:var(--line);transition:background .15s}
        .switch .track::after{content:"";position:absolute;top:2px;left:2px;width:16px;height:16px;border-radius:50%;background:#fff;transition:left .15s}
        .switch[aria-checked=true] .track{background:var(--accent)}.switch[aria-checked=true] .track::after{left:18px}
        pre.explain{font-size:.8em}
        h2.counts{font-size:.95rem;margin:0 0 8px;color:var(--muted);font-weight:600}
        .results-list .row-head{display:flex;align-items:baseline;gap:4px 8px;flex-wrap:wrap}
        .results-list .row-head time{margin-left:auto}
        .row-meta{display:flex;flex-wrap:wrap;gap:6px;align-items:center}
        .folder-name .icon{margin-right:4px;vertical-align:-2px}
        .snippet.match{color:var(--fg);opacity:.85}.snippet .line{font-size:.78em;color:var(--muted);font-variant-numeric:tabular-nums;margin-right:4px}
        .empty-state>.icon{width:40px;height:40px;color:var(--muted)}
        .flash{background:var(--flash);padding:10px 16px;margin:12px 16px 0;border-radius:var(--radius);display:flex;flex-wrap:wrap;gap:8px;align-items:center}
        .flash p{margin:0;flex:1 1 60%}
        .flash.error,.banner{background:var(--error)}
        .banner{padding:10px 16px}
        .columns{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(320px,100%),1fr));gap:8px 32px}
        ul.notes{list-style:none;padding:0;margin:0;background:var(--panel);border:1px solid var(--line);border-radius:var(--radius);overflow:hidden}
        ul.notes li{padding:10px 14px;border-top:1px solid var(--line)}ul.notes li:first-child{border-top:0}
        ul.notes .title{font-weight:600;color:var(--fg);display:inline-block;padding:8px 0}
        .snippet{margin:2px 0 0;color:var(--muted);font-size:.9em}
        time,.small,.meta,.folder-name{color:var(--muted);font-size:.85em}
        time{white-space:nowrap}
        .pin{font-size:.72em;border-radius:999px;padding:1px 8px;background:var(--chip);color:var(--muted);font-weight:600;text-transform:uppercase;letter-spacing:.04em}
        .chip{display:inline-flex;align-items:center;gap:6px;background:var(--chip);border-radius:999px;padding:2px 10px;font-size:.85em;color:var(--fg);min-height:28px}
        .chip::before{content:"";width:8px;height:8px;border-radius:50%;background:var(--c,var(--muted));flex:none}
        .chip:hover{text-decoration:none;background:var(--hover)}
        ul.tags,ul.chips,ol.chips{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:8px;align-items:center}
        ul.chips li{display:inline-flex;align-items:center;gap:2px}
        .chip-remove button{min-height:28px;padding:0 8px;font-size:.8em;box-shadow:none}
        h1.folder{display:flex;align-items:center;gap:10px}h1.folder::before{content:"";width:14px;height:14px;border-radius:4px;background:var(--c,var(--muted))}
        ul.tree.main-tree{background:var(--panel);border:1px solid var(--line);border-radius:var(--radius);padding:6px}
        form.inline{display:inline-flex;flex-wrap:wrap;gap:6px;align-items:center;margin:4px 8px 4px 0;max-width:100%}
        form.inline label{display:inline-flex;flex-wrap:wrap;gap:6px;align-items:center}
        section.actions,section.organize{margin-top:32px;padding-top:8px;border-top:1px solid var(--line)}
        article.note header h1{font-size:2rem}
        .markdown{font-size:1.02rem;line-height:1.7}
        .markdown h1{font-size:1.6rem}.markdown h2{font-size:1.35rem}.markdown h3{font-size:1.15rem}
        .markdown img{max-width:100%;height:auto;border-radius:6px}
        .markdown table{display:block;max-width:100%;overflow-x:auto;border-collapse:collapse;margin:1em 0}
        .markdown td,.markdown th{border:1px solid var(--line);padding:6px 10px;text-align:left}
        .markdown th{background:var(--code)}
        pre{overflow-x:auto;max-width:100%;background:var(--code);padding:12px;border-radius:8px;font-size:.9em;overflow-wrap:normal}
        code{font:.9em ui-monospace,SFMono-Regular,Menlo,monospace;background:var(--code);padding:1px 4px;border-radius:4px}pre code{padding:0;background:none}
        hr{border:0;border-top:1px solid var(--line);margin:1.5em 0}
        blockquote{margin:1em 0;padding:2px 16px;border-left:4px solid var(--line);color:var(--muted)}
        mark{background:var(--mark);color:inherit;padding:0 2px;border-radius:3px}
        .markdown a.tag{background:var(--chip);border-radius:999px;padding:1px 8px;font-size:.9em}
        a.internal-link{text-decoration:underline;text-decoration-color:color-mix(in srgb,var(--accent) 40%,transparent);text-underline-offset:3px}
        .internal-link.unresolved{color:var(--muted);text-decoration:underline dashed;opacity:.85}
        .block-id,.anchor{scroll-margin-top:calc(var(--top) + 12px)}
        :target{scroll-margin-top:calc(var(--top) + 12px)}
        .markdown ul.contains-task-list,.markdown .contains-task-list{list-style:none;padding-left:8px}
        .markdown li:has(>input[type=checkbox]){list-style:none;margin-left:-1.2em}
        .markdown input[type=checkbox]{min-height:0;width:1.05em;height:1.05em;vertical-align:-2px;margin-right:6px}
        .footnotes{font-size:.9em;color:var(--muted);border-top:1px solid var(--line);margin-top:2em}
        .callout{--cc:82,139,255;margin:1em 0;padding:10px 14px;border-radius:8px;border-left:4px solid rgb(var(--cc));background:rgba(var(--cc),.1)}
        .callout-title{display:flex;align-items:center;gap:8px;margin:0;font-weight:600;color:rgb(var(--cc))}
        summary.callout-title{cursor:pointer;min-height:32px;list-style:none}summary.callout-title::-webkit-details-marker{display:none}
        summary.callout-title::after{content:"";margin-left:auto;width:8px;height:8px;border-right:2px solid;border-bottom:2px solid;transform:rotate(-45deg);flex:none}
        details[open]>summary.callout-title::after{transform:rotate(45deg)}
        .callout-title span{color:var(--fg)}
        .callout-content>:first-child{margin-top:6px}.callout-content>:last-child{margin-bottom:0}
        .callout-abstract,.callout-todo,.callout-info{--cc:0,150,199}.callout-tip{--cc:0,168,150}.callout-success{--cc:34,160,80}
        .callout-question{--cc:224,140,0}.callout-warning{--cc:230,126,0}.callout-failure,.callout-danger,.callout-bug{--cc:220,50,60}
        .callout-example{--cc:120,82,238}.callout-quote{--cc:140,140,150}
        .embed{border:1px solid var(--line);border-left:4px solid var(--accent);border-radius:8px;padding:6px 14px;margin:1em 0;background:var(--panel)}
        .embed-title{margin:4px 0;font-size:.85em;font-weight:600}.embed-cut{color:var(--muted);font-size:.9em}
        .math{font:.92em ui-monospace,SFMono-Regular,Menlo,monospace;background:var(--code);padding:1px 5px;border-radius:4px;border-left:2px solid var(--accent)}
        .math-display{display:block;margin:.6em 0;padding:10px 14px;overflow-x:auto;white-space:pre}
        figure.diagram{margin:1em 0;border:1px solid var(--line);border-radius:8px;overflow:hidden}
        figure.diagram figcaption{font-size:.8em;color:var(--muted);padding:6px 12px;border-bottom:1px solid var(--line);background:var(--panel)}
        figure.diagram pre{margin:0;border-radius:0}
        .problem{color:#b00020}
        @media (prefers-color-scheme:dark){.problem{color:#ff8a80}}
        table{border-collapse:collapse}td,th{padding:6px 10px;border-bottom:1px solid var(--line);text-align:left}
        .table-wrap{max-width:100%;overflow-x:auto}
        textarea{width:100%;font:14px/1.5 ui-monospace,monospace}
        .empty-state{text-align:center;padding:40px 16px}.empty-state .button{margin:4px}
        .empty{color:var(--muted)}
        .chip .remove{color:var(--muted);display:inline-flex;align-items:center;justify-content:center;min-width:28px;min-height:28px}
        .kind{color:var(--muted)}
        .backlink-list .line,.backlink-list .context{color:var(--muted)}
        @media (pointer:coarse){.chip,.chip-remove button,.chip .remove,.breadcrumbs a{min-height:40px}}
        .notebook-page{background:var(--panel);border:1px solid var(--line);border-radius:var(--radius);padding:4px 20px 12px;margin:16px 0}
        .notebook-page>h2{display:flex;gap:8px;align-items:baseline;justify-content:space-between}
        .pager{display:flex;gap:12px;align-items:center;justify-content:center;margin:16px 0}
        .pager a{display:inline-flex;align-items:center;min-height:40px;padding:0 12px}
        """

    /// Live updates and keyboard shortcuts; every page works without it.
    static let js = """
        "use strict";
        (function () {
          // Keyboard: "/" focuses search, "n" opens the capture screen, "j"/"k" move through note lists.
          document.addEventListener("keydown", function (event) {
            var target = event.target;
            var drawer = document.getElementById("drawer");
            if (event.key === "Escape" && drawer && drawer.checked) { drawer.checked = false; return; }
            if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT" || target.isContentEditable)) return;
            if (event.ctrlKey || event.metaKey || event.altKey) return;
            if (event.key === "/") {
              var box = document.getElementById("q") || document.getElementById("top-q");
              if (box) { event.preventDefault(); box.focus(); }
            } else if (event.key === "n") {
              var title = document.querySelector("form.capture-form input[name=title]");
              var link = document.querySelector("a.new-note");
              if (title) { event.preventDefault(); title.focus(); } else if (link) { event.preventDefault(); location.href = link.href; }
            } else if (event.key === "j" || event.key === "k") {
              var links = Array.prototype.slice.call(document.querySelectorAll("main ul.notes a.title"));
              if (!links.length) return;
              var at = links.indexOf(document.activeElement);
              at = event.key === "j" ? Math.min(links.length - 1, at + 1) : Math.max(0, at - 1);
              links[at].focus();
            }
          });

          // Capture: the property fields follow the folder chosen (the server checks them against it).
          var capture = document.querySelector("form.capture-form");
          if (capture) capture.addEventListener("change", function (event) {
            if (event.target.name !== "folder") return;
            fetch("/new?folder=" + encodeURIComponent(event.target.value), { credentials: "same-origin" }).then(function (response) {
              return response.ok ? response.text() : null;
            }).then(function (text) {
              if (!text) return;
              var fresh = new DOMParser().parseFromString(text, "text/html").querySelector(".property-fields");
              var fields = capture.querySelector(".property-fields");
              if (fresh && fields) fields.innerHTML = fresh.innerHTML;
            });
          });

          // Search: the filters and results follow the query as it is typed (the server parses it).
          var query = document.querySelector("form.search-bar input[name=q]");
          var timer = null, asked = 0;
          if (query && document.getElementById("search-body")) query.addEventListener("input", function () {
            clearTimeout(timer);
            timer = setTimeout(function () {
              var address = "/search?q=" + encodeURIComponent(query.value), mine = ++asked;
              fetch(address, { credentials: "same-origin" }).then(function (response) { return response.text(); }).then(function (text) {
                var fresh = new DOMParser().parseFromString(text, "text/html").getElementById("search-body");
                var body = document.getElementById("search-body");
                if (!fresh || !body || mine !== asked) return;
                body.innerHTML = fresh.innerHTML;
                history.replaceState(null, "", address);
              });
            }, 250);
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
              var nav = page.querySelector("nav.sidebar");
              var oldNav = document.querySelector("nav.sidebar");
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
            // A capture being written is not replaced under the user's hands.
            if (!capture) refresh();
          });
        })();
        """
}
