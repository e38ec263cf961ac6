//! `qm step`: an interactive session over a game. On a terminal it reads
//! commands with line editing, history and completion (rustyline) and
//! colours the map; otherwise it reads commands line by line and answers in
//! plain text, echoing each command after its prompt, so scripts and tests
//! can drive it and read a transcript.

pub mod commands;
pub mod diff;
mod editor;
pub mod map;
pub mod session;
pub mod show;

use commands::{Flow, dispatch};
use session::Session;
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};

/// The command's arguments.
pub struct Args<'a> {
    /// Scenario file.
    pub file: &'a Path,
    /// Seed.
    pub seed: u64,
    /// Orders file.
    pub orders: Option<&'a PathBuf>,
    /// A save to start from instead of the scenario's start.
    pub load: Option<&'a PathBuf>,
}

/// Opens the session's game, or prints why not.
pub fn open(a: &Args<'_>, err: &mut dyn Write) -> Option<Session> {
    let game = crate::open(a.load.map_or(a.file, PathBuf::as_path), a.seed, false, err)?;
    let mut s = Session::new(game);
    if let Some(p) = a.orders {
        let b = crate::read_orders_file(&s.game, p, false, err)?;
        s.add_batches(b);
    }
    Some(s)
}

/// Runs `qm step` on the process's stdin; returns the exit code.
pub fn run(a: &Args<'_>, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let Some(mut s) = open(a, err) else { return 1 };
    let stdin = std::io::stdin();
    if stdin.is_terminal() {
        let colour = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
        editor::interactive(&mut s, colour, out)
    } else {
        script(&mut s, &mut stdin.lock(), out)
    }
}

/// Runs commands read line by line, in plain text: each command is echoed
/// after the prompt, then answered. Returns the exit code (0).
pub fn script(s: &mut Session, input: &mut dyn BufRead, out: &mut dyn Write) -> i32 {
    let _ = writeln!(out, "{}: {} (help lists the commands)", s.game.title(), s.prompt());
    let mut line = String::new();
    loop {
        line.clear();
        match input.read_line(&mut line) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let cmd = line.trim();
        if cmd.is_empty() || cmd.starts_with('#') {
            continue;
        }
        let _ = writeln!(out, "{} > {cmd}", s.prompt());
        let mut answer = String::new();
        let flow = dispatch(s, cmd, false, &mut answer);
        let _ = write!(out, "{answer}");
        if flow == Flow::Quit {
            break;
        }
    }
    0
}
