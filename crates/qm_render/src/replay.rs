//! The replay page: one self-contained HTML file (inline SVG per phase,
//! inline script, no network) that steps through a game phase by phase.
//! Clicking a unit, hex or territory shows the engine's explanation of it
//! for that phase, taken from the JSON embedded in the page; a panel lists
//! the phase's events.

use serde::Serialize;
use std::collections::BTreeMap;

/// What the page shows about one unit, hex or territory in one frame.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Explained {
    /// The readable explanation, citing rule ids.
    pub text: String,
    /// The engine's JSON explanation, when there is one.
    pub json: Option<serde_json::Value>,
}

/// One frame: the game after a phase (or at the start).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Frame {
    /// Game turn.
    pub turn: u32,
    /// Side to move.
    pub side: String,
    /// The phase just run (`start` for the first frame).
    pub phase: String,
    /// The side whose supply tints the map.
    pub supply_of: String,
    /// The map.
    pub svg: String,
    /// The phase's events, as text.
    pub events: Vec<String>,
    /// Explanations by unit id, hex label or territory key.
    pub explain: BTreeMap<String, Explained>,
}

/// The page for `frames` of a game titled `title`.
#[must_use]
pub fn page(title: &str, frames: &[Frame]) -> String {
    let data = serde_json::to_string(frames).unwrap_or_else(|_| "[]".into());
    // Inside <script>, `</` would end the element: JSON allows `\u003c`.
    let data = data.replace('<', "\\u003c");
    let title_html = escape(title);
    let last = frames.len().saturating_sub(1);
    format!(
        r#"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{title_html} - Quartermaster replay</title>
<style>{CSS}</style>
</head>
<body>
<header>
<h1>{title_html}</h1>
<div class="controls">
<button id="first" type="button">|&lt;</button>
<button id="prev" type="button">&lt; prev</button>
<input id="slider" type="range" min="0" max="{last}" value="0">
<button id="next" type="button">next &gt;</button>
<button id="last" type="button">&gt;|</button>
<span id="where"></span>
</div>
</header>
<main>
<div id="map"></div>
<aside>
<h2>Explanation</h2>
<p class="hint">Click a unit, hex or territory.</p>
<pre id="explanation"></pre>
<details><summary>engine JSON</summary><pre id="explanation-json"></pre></details>
<h2>Events of this phase</h2>
<ol id="events"></ol>
</aside>
</main>
<script type="application/json" id="frames">{data}</script>
<script>{JS}</script>
</body>
</html>
"#
    )
}

/// HTML-escapes text.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

const CSS: &str = r"
body { font-family: 'DejaVu Sans', sans-serif; margin: 0; background: #f4f2ea; color: #151515; }
header { padding: 8px 16px; background: #e6e1cf; border-bottom: 1px solid #c9c2a8; }
h1 { font-size: 18px; margin: 0 0 6px 0; }
h2 { font-size: 14px; margin: 12px 0 4px 0; }
.controls { display: flex; gap: 8px; align-items: center; }
#slider { width: 260px; }
#where { font-weight: bold; margin-left: 12px; }
main { display: flex; gap: 12px; padding: 12px; align-items: flex-start; }
#map { flex: 0 1 auto; overflow: auto; background: white; border: 1px solid #c9c2a8; }
aside { flex: 1 1 340px; min-width: 300px; max-width: 560px; }
pre { white-space: pre-wrap; background: white; border: 1px solid #c9c2a8; padding: 8px; font-size: 12px; }
.hint { color: #555; font-size: 12px; }
#events { font-size: 12px; padding-left: 20px; }
.selected rect, .selected polygon, .selected ellipse { stroke: #0050ff !important; stroke-width: 3 !important; }
";

const JS: &str = r#"
(function () {
  const frames = JSON.parse(document.getElementById('frames').textContent);
  const map = document.getElementById('map');
  const slider = document.getElementById('slider');
  const where = document.getElementById('where');
  const text = document.getElementById('explanation');
  const json = document.getElementById('explanation-json');
  const events = document.getElementById('events');
  let at = 0;
  let selected = null;
  function explain(key) {
    const f = frames[at];
    const e = f.explain[key];
    text.textContent = e ? e.text : key + ': nothing to explain in this phase.';
    json.textContent = e && e.json ? JSON.stringify(e.json, null, 2) : '';
  }
  function show(i) {
    at = Math.max(0, Math.min(frames.length - 1, i));
    const f = frames[at];
    map.innerHTML = f.svg;
    slider.value = String(at);
    where.textContent = 'frame ' + (at + 1) + '/' + frames.length + ': turn ' + f.turn + ', ' + f.side +
      ', ' + (f.phase === 'start' ? 'start' : 'after ' + f.phase) + ' (supply of ' + f.supply_of + ')';
    events.innerHTML = '';
    for (const e of f.events) {
      const li = document.createElement('li');
      li.textContent = e;
      events.appendChild(li);
    }
    if (f.events.length === 0) {
      const li = document.createElement('li');
      li.textContent = 'no events';
      events.appendChild(li);
    }
    if (selected) { explain(selected); }
  }
  map.addEventListener('click', function (ev) {
    const unit = ev.target.closest('[data-unit]');
    const node = ev.target.closest('[data-hex]');
    let key = null;
    for (const el of map.querySelectorAll('.selected')) { el.classList.remove('selected'); }
    if (unit && unit.getAttribute('data-unit')) { key = unit.getAttribute('data-unit'); unit.classList.add('selected'); }
    else if (node) { key = node.getAttribute('data-hex'); node.classList.add('selected'); }
    if (key) { selected = key; explain(key); }
  });
  document.getElementById('first').onclick = function () { show(0); };
  document.getElementById('prev').onclick = function () { show(at - 1); };
  document.getElementById('next').onclick = function () { show(at + 1); };
  document.getElementById('last').onclick = function () { show(frames.length - 1); };
  slider.oninput = function () { show(Number(slider.value)); };
  document.addEventListener('keydown', function (ev) {
    if (ev.key === 'ArrowRight') { show(at + 1); }
    if (ev.key === 'ArrowLeft') { show(at - 1); }
  });
  show(0);
})();
"#;
