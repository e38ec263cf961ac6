//! The replay page: one self-contained HTML file (inline SVG per phase,
//! inline script, no network) that steps through a game phase by phase.
//! Clicking a unit, hex or territory shows the engine's explanation of it
//! for that phase, taken from the JSON embedded in the page; a panel lists
//! the phase's events. The frames' SVG lines and explanations are stored
//! once each ([`PageBuilder`]).

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

/// A page filled frame by frame. Each distinct line of the frames' SVG
/// and each distinct explanation is stored once, and a frame refers to
/// them by index (its SVG as runs of consecutive line indices): frames of
/// one game share most of their map and explanations, so a page of a whole
/// game stays small. The page's size is known as it grows, for a cap.
#[derive(Debug, Default)]
pub struct PageBuilder {
    lines: Interned,
    texts: Interned,
    frames: Vec<Packed>,
    bytes: usize,
}

/// Distinct strings in first-seen order, with their indices.
#[derive(Debug, Default)]
struct Interned {
    order: Vec<String>,
    index: BTreeMap<String, u32>,
}

impl Interned {
    /// The index of `s`, and the bytes it added to the page (0 if seen).
    fn add(&mut self, s: &str) -> (u32, usize) {
        if let Some(&i) = self.index.get(s) {
            return (i, 0);
        }
        let i = u32::try_from(self.order.len()).unwrap_or(u32::MAX);
        self.order.push(s.to_string());
        self.index.insert(s.to_string(), i);
        (i, in_page_bytes(s) + 1)
    }
}

/// A frame as the page stores it.
#[derive(Debug, Serialize)]
struct Packed {
    turn: u32,
    side: String,
    phase: String,
    supply_of: String,
    /// The SVG's lines: runs `(first line index, count)`.
    svg: Vec<(u32, u32)>,
    events: Vec<String>,
    /// By unit id, hex label or territory key: the text's index and the
    /// JSON's (its text), or -1.
    explain: BTreeMap<String, (u32, i64)>,
}

/// The page's data, as the script reads it.
#[derive(Serialize)]
struct Data<'a> {
    lines: &'a [String],
    texts: &'a [String],
    frames: &'a [Packed],
}

impl PageBuilder {
    /// Adds a frame; the bytes it added to the page.
    pub fn push(&mut self, f: &Frame) -> usize {
        let mut added = 0;
        let mut runs: Vec<(u32, u32)> = Vec::new();
        for line in f.svg.lines() {
            let (i, b) = self.lines.add(line);
            added += b;
            match runs.last_mut() {
                Some((first, n)) if *first + *n == i => *n += 1,
                _ => runs.push((i, 1)),
            }
        }
        let mut explain = BTreeMap::new();
        for (k, e) in &f.explain {
            let (t, b) = self.texts.add(&e.text);
            added += b;
            let j = match &e.json {
                Some(v) => {
                    let (j, b) = self.texts.add(&v.to_string());
                    added += b;
                    i64::from(j)
                }
                None => -1,
            };
            explain.insert(k.clone(), (t, j));
        }
        let packed = Packed {
            turn: f.turn,
            side: f.side.clone(),
            phase: f.phase.clone(),
            supply_of: f.supply_of.clone(),
            svg: runs,
            events: f.events.clone(),
            explain,
        };
        added += serde_json::to_string(&packed).map_or(0, |s| in_page_bytes(&s)) + 1;
        self.frames.push(packed);
        self.bytes += added;
        added
    }

    /// Frames so far.
    #[must_use]
    pub fn len(&self) -> usize {
        self.frames.len()
    }

    /// Whether no frame was added.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.frames.is_empty()
    }

    /// The page's size so far, in bytes (the frames' data; the page adds
    /// a fixed few kilobytes of markup and script).
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// The page for the frames added, of a game titled `title`.
    #[must_use]
    pub fn finish(&self, title: &str) -> String {
        let data = Data { lines: &self.lines.order, texts: &self.texts.order, frames: &self.frames };
        let data = serde_json::to_string(&data).unwrap_or_else(|_| "{}".into());
        html(title, &escape_script(&data), self.frames.len())
    }
}

/// Inside `<script>`, `</` would end the element: JSON allows `\u003c`.
fn escape_script(json: &str) -> String {
    json.replace('<', "\\u003c")
}

/// The bytes a string takes in the page: its JSON, escaped for a script.
fn in_page_bytes(s: &str) -> usize {
    serde_json::to_string(s).map_or(0, |j| j.len() + 5 * j.matches('<').count())
}

/// The page for `frames` of a game titled `title`.
#[must_use]
pub fn page(title: &str, frames: &[Frame]) -> String {
    let mut b = PageBuilder::default();
    for f in frames {
        b.push(f);
    }
    b.finish(title)
}

/// The HTML around the page's data.
fn html(title: &str, data: &str, frames: usize) -> String {
    let title_html = escape(title);
    let last = frames.saturating_sub(1);
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
  const data = JSON.parse(document.getElementById('frames').textContent);
  const frames = data.frames;
  function svgOf(f) {
    const out = [];
    for (const [first, n] of f.svg) {
      for (let i = first; i < first + n; i++) { out.push(data.lines[i]); }
    }
    return out.join('\n');
  }
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
    text.textContent = e ? data.texts[e[0]] : key + ': nothing to explain in this phase.';
    json.textContent = e && e[1] >= 0 ? JSON.stringify(JSON.parse(data.texts[e[1]]), null, 2) : '';
  }
  function show(i) {
    at = Math.max(0, Math.min(frames.length - 1, i));
    const f = frames[at];
    map.innerHTML = svgOf(f);
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
