//! `qm replay`: a game played through an orders file (or the defaults),
//! written as one self-contained HTML page with a frame per phase: the
//! map, the phase's events and the explanation of every unit, hex and
//! territory (`qm_render::replay`).

use crate::output::ErrorBody;
use qm_collect::IncomeStatement;
use qm_game::{Game, OrdersRun};
use qm_render::replay::{Explained, Frame};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

/// At most this many phases with `--to-end`.
const MAX_PHASES: u32 = 64;

/// The command's arguments.
pub struct Args<'a> {
    /// Scenario or save file.
    pub file: &'a Path,
    /// Orders file.
    pub orders: Option<&'a PathBuf>,
    /// Phases to run; `None`: to the end (every batch used, the player
    /// turn finished).
    pub phases: Option<u32>,
    /// Seed.
    pub seed: u64,
    /// Output HTML file.
    pub out: &'a Path,
}

/// Runs `qm replay`; returns the exit code.
pub fn run(a: &Args<'_>, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    if let Err(e) = crate::output_file::check(a.out) {
        let msg = format!("{}: {e}", a.out.display());
        crate::fail(err, false, &[ErrorBody::plain("io", None, msg.clone())], &msg);
        return 2;
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
    let mut frames = vec![frame(&mut fresh, side, "start", Vec::new(), &[])];
    let mut ran = 0;
    while g.next_phase().is_some() && !done(a.phases, ran, &run, &g) {
        match run.step(&mut g) {
            Ok(r) => {
                ran += 1;
                let statements = recorded(&g);
                let events: Vec<String> = r.events.iter().map(|e| qm_render::events::describe(g.spec(), e)).collect();
                let side = g.last_determined_side().unwrap_or(r.side);
                frames.push(frame(&mut g, side, r.phase.as_str(), events, &statements));
            }
            Err(e) => {
                let msg = e.to_string();
                crate::fail(err, false, &[ErrorBody::plain("refused", None, msg.clone())], &msg);
                return 1;
            }
        }
    }
    let unused = run.unused(&g, &format!("the replay stops after {ran} phases"));
    if !unused.is_empty() {
        let e = qm_game::LoadError { diagnostics: unused, sources: crate::source_of(a.orders) };
        crate::fail_load(err, false, "unused-orders", &e);
        return 1;
    }
    let html = qm_render::replay::page(g.title(), &frames);
    if let Err(e) = crate::output_file::write(a.out, html) {
        let msg = format!("{}: {e}", a.out.display());
        crate::fail(err, false, &[ErrorBody::plain("io", None, msg.clone())], &msg);
        return 1;
    }
    let _ = writeln!(out, "wrote {} ({} frames: the start and {ran} phases)", a.out.display(), frames.len());
    0
}

/// Whether the replay has run enough phases: `--phases N`, or else every
/// batch used and the player turn finished (at most [`MAX_PHASES`]).
fn done(phases: Option<u32>, ran: u32, run: &OrdersRun, g: &Game) -> bool {
    match phases {
        Some(n) => ran >= n,
        None => ran >= MAX_PHASES || (ran > 0 && g.clock().phase == 0 && run.unused(g, "").is_empty()),
    }
}

/// The income statements recorded so far (COL-004..008).
fn recorded(g: &Game) -> Vec<IncomeStatement> {
    g.world().get_resource::<qm_collect::Statements>().map_or_else(Vec::new, |s| s.0.clone())
}

/// One frame: the picture, the events and every explanation.
fn frame(g: &mut Game, side: qm_game::Side, phase: &str, events: Vec<String>, statements: &[IncomeStatement]) -> Frame {
    let svg = qm_render::svg(g, side);
    let clock = g.clock();
    let mut keys: Vec<String> = g.unit_ids().into_iter().map(|u| u.to_string()).collect();
    if let Some(l) = g.world().get_resource::<qm_core::state::Ledger>() {
        keys.extend(l.eliminated.iter().map(|e| e.unit.id.to_string()));
    }
    let spec = g.spec_arc();
    keys.extend((0..spec.map.board_count).filter_map(|n| spec.map.node(n)).map(|i| i.label.clone()));
    let mut explain: BTreeMap<String, Explained> = BTreeMap::new();
    for k in keys {
        if let Some(e) = crate::explain_any::explain(g, &k, statements) {
            explain.insert(k, e);
        }
    }
    Frame {
        turn: clock.turn,
        side: clock.side.to_string(),
        phase: phase.to_string(),
        supply_of: side.to_string(),
        svg,
        events,
        explain,
    }
}
