//! The commands of `qm step`: their names and help, and the dispatch of a
//! command line to them. An unknown command answers `unknown command` with
//! a suggestion; the session goes on.

use super::session::Session;
use super::{diff, map, show};
use std::fmt::Write;

/// Every command with its usage and help line.
pub const COMMANDS: &[(&str, &str, &str)] = &[
    ("next", "next", "run the next phase (or the rest of the phase being stepped)"),
    ("sys", "sys", "run the next system inside the phase (bevy's Stepping)"),
    ("break", "break SYSTEM", "stop `continue` before a system whose name contains SYSTEM; `break` lists them"),
    ("continue", "continue", "run system by system to the next breakpoint"),
    ("turn", "turn", "run to the end of the player turn"),
    ("until", "until PHASE", "run phases until PHASE is next (e.g. until isolation-elimination)"),
    ("show", "show units [SIDE|HEX|TERRITORY] | hex LABEL | zones | lines | ledger | income | oil", "show state"),
    ("events", "events", "what the last step emitted"),
    ("explain", "explain UNIT|HEX|TERRITORY", "why: the engine's explanation, as `qm explain`"),
    ("map", "map [LABEL] [RADIUS] [--side S]", "the hex map around LABEL: control, supply, units, ZOC"),
    ("diff", "diff", "what the last step changed"),
    ("order", "order [--side S] RON", "submit one order for the next phase, e.g. order SeaSupply([])"),
    ("orders", "orders FILE", "add an orders file's batches"),
    ("legal", "legal [UNIT]", "the legal orders"),
    ("save", "save FILE", "write a save file"),
    ("load", "load FILE", "continue from a save file (or a scenario)"),
    ("undo", "undo", "go back to before the last step"),
    ("help", "help [COMMAND]", "this list, or one command's usage"),
    ("quit", "quit", "end the session"),
];

/// What a command line asks the loop to do next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next command.
    Go,
    /// End the session.
    Quit,
}

/// Runs one command line, writing its answer to `out`.
pub fn dispatch(s: &mut Session, line: &str, colour: bool, out: &mut String) -> Flow {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&cmd, args)) = words.split_first() else { return Flow::Go };
    let rest = line.trim_start().get(cmd.len()..).unwrap_or("").trim();
    let answer: Result<String, String> = match cmd {
        "next" | "n" => s.step_next(),
        "sys" | "s" => s.sys(),
        "break" | "b" => Ok(set_break(s, args)),
        "continue" | "c" => s.continue_(),
        "turn" => s.turn(),
        "until" => match args.first() {
            Some(p) => s.until(p),
            None => Err("usage: until PHASE".into()),
        },
        "show" => show::show(s, args),
        "events" => Ok(show::events(s)),
        "explain" | "why" => show::explain(s, rest),
        "map" => map::command(s, args, colour),
        "diff" => Ok(diff::diff(s)),
        "order" => show::order(s, rest),
        "orders" => show::orders_file(s, rest),
        "legal" => Ok(legal(s, args)),
        "save" => show::save(s, rest),
        "load" => show::load(s, rest),
        "undo" => s.undo(),
        "help" | "?" => Ok(help(args.first().copied())),
        "quit" | "exit" | "q" => return Flow::Quit,
        other => Err(unknown(other)),
    };
    match answer {
        Ok(t) => out.push_str(&t),
        Err(e) => {
            let _ = write!(out, "error: {e}");
        }
    }
    if !out.ends_with('\n') {
        out.push('\n');
    }
    Flow::Go
}

/// `unknown command` with the closest command, or a pointer to `help`.
fn unknown(cmd: &str) -> String {
    let names: Vec<&str> = COMMANDS.iter().map(|c| c.0).collect();
    match qm_game::files::suggest::closest(cmd, names) {
        Some(best) => format!("unknown command `{cmd}`, did you mean `{best}`? (help lists the commands)"),
        None => format!("unknown command `{cmd}` (help lists the commands)"),
    }
}

/// `break SYSTEM`, or the list of breakpoints.
fn set_break(s: &mut Session, args: &[&str]) -> String {
    match args.first() {
        Some(name) => {
            s.breakpoints.push((*name).to_string());
            format!("breakpoint {}: before a system named like `{name}`", s.breakpoints.len())
        }
        None if s.breakpoints.is_empty() => "no breakpoints".into(),
        None => format!("breakpoints: {}", s.breakpoints.join(", ")),
    }
}

/// `legal [UNIT]`: the legal orders of the moving side for the phase about
/// to run (`Game::legal_orders`), one RON order a line, those naming `UNIT`
/// only when it is given.
fn legal(s: &mut Session, args: &[&str]) -> String {
    let side = s.game.clock().side;
    let phase = s.game.next_phase().map_or("-", |p| p.as_str());
    let unit = args.first().map(|u| format!("\"{u}\""));
    let lines: Vec<String> = s
        .game
        .legal_orders(side)
        .iter()
        .map(qm_game::order_text)
        .filter(|t| unit.as_ref().is_none_or(|u| t.contains(u.as_str())))
        .collect();
    let mut text = format!("{} legal orders for {side} before {phase}\n", lines.len());
    for l in lines {
        text.push_str(&l);
        text.push('\n');
    }
    text
}

/// `help` or `help COMMAND`.
#[must_use]
pub fn help(cmd: Option<&str>) -> String {
    let mut s = String::new();
    match cmd {
        Some(c) => match COMMANDS.iter().find(|x| x.0 == c) {
            Some((_, usage, what)) => {
                let _ = writeln!(s, "{usage}\n  {what}");
            }
            None => s.push_str(&unknown(c)),
        },
        None => {
            for (_, usage, what) in COMMANDS {
                let _ = writeln!(s, "  {usage:<34} {what}");
            }
        }
    }
    s
}
