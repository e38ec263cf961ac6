//! `qm replay`: a game played through an orders file (or the defaults),
//! written as one self-contained HTML page with a frame per phase: the
//! map, the phase's events and the explanation of every unit, hex and
//! territory (`qm_render::replay`). It stops at the end of the game, and
//! at a cap of frames and page size.

use crate::output::ErrorBody;
use qm_game::collection::IncomeStatement;
use qm_game::{Game, OrdersRun};
use qm_render::replay::{Explained, Frame, PageBuilder};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Most frames a page holds: the start and 400 phases (more than three
/// games of the shipped scenarios' length).
pub const MAX_FRAMES: usize = 401;

/// Largest page written, in bytes: no frame is added that would take the
/// page past it (a page is loaded whole by the browser).
pub const MAX_PAGE_BYTES: usize = 20_000_000;

/// Where the replay stops (at the end of the game in any case, and at the
/// frame cap).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Until {
    /// After this many phases.
    Phases(u32),
    /// When every batch of the orders file is used and the player turn is
    /// over.
    OrdersUsed,
    /// At the end of the game.
    GameOver,
}

/// The command's arguments.
pub struct Args<'a> {
    /// Scenario or save file.
    pub file: &'a Path,
    /// A game of a self-play batch to replay instead of an orders file:
    /// the batch's JSON lines and the game's index.
    pub selfplay: Option<(&'a Path, u64)>,
    /// Orders file.
    pub orders: Option<&'a PathBuf>,
    /// Where to stop.
    pub until: Until,
    /// Seed.
    pub seed: u64,
    /// Output HTML file.
    pub out: &'a Path,
}

/// Why the replay stopped.
enum Stop {
    /// Where it was asked to.
    Asked,
    /// The game is over.
    Over(qm_game::GameResult),
    /// The frame cap ([`MAX_FRAMES`], [`MAX_PAGE_BYTES`]).
    Capped,
}

/// Runs `qm replay`; returns the exit code.
pub fn run(a: &Args<'_>, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    if let Err(e) = crate::output_file::check(a.out) {
        let msg = format!("{}: {e}", a.out.display());
        crate::fail(err, false, &[ErrorBody::plain("io", None, msg.clone())], &msg);
        return 2;
    }
    if let Some((lines, game)) = a.selfplay {
        return selfplay(a, lines, game, out, err);
    }
    let Some(mut g) = crate::open(a.file, a.seed, false, err) else { return 1 };
    let batches = match a.orders {
        None => Vec::new(),
        Some(p) => match crate::read_orders_file(&g, p, false, err) {
            Some(b) => b,
            None => return 1,
        },
    };
    let mut run = OrdersRun::new(batches);
    let mut fresh = g.clone();
    let side = crate::render_cmd::side_to_show(&mut fresh, None, true);
    let clock = fresh.clock();
    let mut page = Page::default();
    page.push(&frame(&mut fresh, (clock.turn, clock.side, side), "start", Vec::new(), &[]));
    let mut ran = 0;
    let stop = loop {
        if let Some(r) = g.result() {
            break Stop::Over(r);
        }
        if g.next_phase().is_none() || reached(a.until, ran, &run, &g) {
            break Stop::Asked;
        }
        if page.full() {
            break Stop::Capped;
        }
        match run.step(&mut g) {
            Ok(r) => {
                ran += 1;
                let statements = recorded(&g);
                let events: Vec<String> = r.events.iter().map(|e| qm_render::events::describe(g.spec(), e)).collect();
                let side = g.last_determined_side().unwrap_or(r.side);
                // The label is the phase just run, in its own turn and
                // player turn (the clock has moved on to the next phase).
                page.push(&frame(&mut g, (r.turn, r.side, side), r.phase.as_str(), events, &statements));
            }
            Err(e) => {
                let msg = e.to_string();
                crate::fail(err, false, &[ErrorBody::plain("refused", None, msg.clone())], &msg);
                return 1;
            }
        }
    };
    let unused = run.unused(&g, &format!("the replay stops after {ran} phases"));
    if !unused.is_empty() {
        let e = qm_game::LoadError { diagnostics: unused, sources: crate::source_of(a.orders) };
        crate::fail_load(err, false, "unused-orders", &e);
        return 1;
    }
    let html = page.built.finish(g.title());
    if let Err(e) = crate::output_file::write(a.out, html) {
        let msg = format!("{}: {e}", a.out.display());
        crate::fail(err, false, &[ErrorBody::plain("io", None, msg.clone())], &msg);
        return 1;
    }
    let why = match stop {
        Stop::Asked => String::new(),
        Stop::Over(r) => format!("; game over: {}", crate::result_line(&r)),
        Stop::Capped => format!(
            "; stopped at the frame cap ({MAX_FRAMES} frames or {} MB of page), the game goes on",
            MAX_PAGE_BYTES / 1_000_000
        ),
    };
    let n = page.built.len();
    let _ = writeln!(out, "wrote {} ({n} frames: the start and {ran} phases{why})", a.out.display());
    0
}

/// `qm replay --selfplay LINES --game N`: game `N` of a self-play batch,
/// played again from its JSON line (seed, policies, logistics, fog, turn
/// limit) with a frame per phase; the replay's final checksum must be the
/// line's.
fn selfplay(a: &Args<'_>, lines: &Path, n: u64, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let record = match find_record(lines, n) {
        Ok(r) => r,
        Err(msg) => {
            crate::fail(err, false, &[ErrorBody::plain("selfplay", None, msg.clone())], &msg);
            return 1;
        }
    };
    let Some(base) = crate::open(a.file, record.seed, false, err) else { return 1 };
    let mut fresh = base.clone();
    let side = crate::render_cmd::side_to_show(&mut fresh, None, true);
    let clock = fresh.clock();
    let mut page = Page::default();
    page.push(&frame(&mut fresh, (clock.turn, clock.side, side), "start", Vec::new(), &[]));
    let mut ran = 0u32;
    let replayed = qm_ai::selfplay::replay_observed(&base, &record, &mut |g, r| {
        ran += 1;
        if page.full() {
            return;
        }
        let statements = recorded(g);
        let events: Vec<String> = r.events.iter().map(|e| qm_render::events::describe(g.spec(), e)).collect();
        let side = g.last_determined_side().unwrap_or(r.side);
        page.push(&frame(g, (r.turn, r.side, side), r.phase.as_str(), events, &statements));
    });
    let Some(replayed) = replayed else {
        let msg = format!("{}: game {n} names a policy this qm does not have", lines.display());
        crate::fail(err, false, &[ErrorBody::plain("selfplay", None, msg.clone())], &msg);
        return 1;
    };
    if replayed.checksum != record.checksum {
        let msg = format!(
            "{}: game {n} replays to checksum {}, not the line's {}: the batch was played on another scenario or \
             engine",
            lines.display(),
            replayed.checksum,
            record.checksum
        );
        crate::fail(err, false, &[ErrorBody::plain("selfplay", None, msg.clone())], &msg);
        return 1;
    }
    if let Err(e) = crate::output_file::write(a.out, page.built.finish(base.title())) {
        let msg = format!("{}: {e}", a.out.display());
        crate::fail(err, false, &[ErrorBody::plain("io", None, msg.clone())], &msg);
        return 1;
    }
    let frames = page.built.len();
    let _ = writeln!(
        out,
        "wrote {} ({frames} frames of {ran} phases): game {n}, {} ({}), checksum {} as recorded",
        a.out.display(),
        replayed.winner.map_or_else(|| "a draw".to_string(), |w| format!("{w} wins")),
        replayed.reason,
        replayed.checksum
    );
    0
}

/// Game `n`'s line of a self-play batch's JSON lines.
fn find_record(lines: &Path, n: u64) -> Result<qm_ai::GameRecord, String> {
    let bytes = qm_game::files::limits::read_file(lines).map_err(|e| format!("{}: {e}", lines.display()))?;
    let text = String::from_utf8_lossy(&bytes);
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let r: qm_ai::GameRecord = serde_json::from_str(line)
            .map_err(|e| format!("{}:{}: not a self-play line: {e}", lines.display(), i + 1))?;
        if r.game == n {
            return Ok(r);
        }
    }
    Err(format!("{}: no game {n} in the batch", lines.display()))
}

/// Whether the replay has run the phases asked for (the game's end and
/// the frame cap are checked apart).
fn reached(until: Until, ran: u32, run: &OrdersRun, g: &Game) -> bool {
    match until {
        Until::Phases(n) => ran >= n,
        Until::OrdersUsed => ran > 0 && g.clock().phase == 0 && run.unused(g, "").is_empty(),
        Until::GameOver => false,
    }
}

/// The page's frames, with what its cap needs.
#[derive(Default)]
struct Page {
    built: PageBuilder,
    /// The most bytes one frame has added.
    largest: usize,
}

impl Page {
    /// Adds a frame.
    fn push(&mut self, f: &Frame) {
        self.largest = self.largest.max(self.built.push(f));
    }

    /// Whether one more frame (adding as much as the most any has) could
    /// take the page past the cap.
    fn full(&self) -> bool {
        self.built.len() >= MAX_FRAMES || self.built.bytes() + 2 * self.largest > MAX_PAGE_BYTES
    }
}

/// The income statements recorded so far (COL-004..008).
fn recorded(g: &Game) -> Vec<IncomeStatement> {
    g.income_statements().to_vec()
}

/// One frame: the picture, the events and every explanation. `at` is the
/// frame's turn and side to move, and the side whose supply tints the map.
fn frame(
    g: &mut Game,
    at: (u32, qm_game::Side, qm_game::Side),
    phase: &str,
    events: Vec<String>,
    statements: &[IncomeStatement],
) -> Frame {
    let (turn, to_move, side) = at;
    let svg = qm_render::svg(g, side);
    let mut keys: Vec<String> = g.unit_ids().into_iter().map(|u| u.to_string()).collect();
    keys.extend(g.eliminations().iter().map(|e| e.unit.id.to_string()));
    let spec = g.spec_arc();
    keys.extend(spec.map.board_nodes().filter_map(|n| spec.map.node(n)).map(|i| i.label.clone()));
    let mut explain: BTreeMap<String, Explained> = BTreeMap::new();
    for k in keys {
        if let Some(e) = crate::explain_any::explain(g, &k, statements) {
            explain.insert(k, e);
        }
    }
    Frame {
        turn,
        side: to_move.to_string(),
        phase: phase.to_string(),
        supply_of: side.to_string(),
        svg,
        events,
        explain,
    }
}
