//! The terminal side of `qm step`: rustyline's line editing and history,
//! with completion of commands, unit ids, hex labels, place names and
//! phases.

use super::commands::{COMMANDS, Flow, dispatch};
use super::session::Session;
use rustyline::completion::Completer;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::Validator;
use rustyline::{Context, Editor, Helper};
use std::io::Write;

/// Completes the word under the cursor from a sorted list of words.
struct Words(Vec<String>);

impl Completer for Words {
    type Candidate = String;

    fn complete(&self, line: &str, pos: usize, _: &Context<'_>) -> rustyline::Result<(usize, Vec<String>)> {
        let start = line[..pos].rfind(char::is_whitespace).map_or(0, |i| i + 1);
        let word = &line[start..pos];
        Ok((start, self.0.iter().filter(|w| w.starts_with(word)).cloned().collect()))
    }
}

impl Hinter for Words {
    type Hint = String;
}
impl Highlighter for Words {}
impl Validator for Words {}
impl Helper for Words {}

/// The words to complete: commands, topics, unit ids, hexes, places,
/// phases.
fn words(s: &Session) -> Vec<String> {
    let mut w: Vec<String> = COMMANDS.iter().map(|c| c.0.to_string()).collect();
    w.extend(
        ["units", "hex", "zones", "lines", "ledger", "income", "oil", "axis", "allies", "--side"].map(String::from),
    );
    w.extend(s.game.unit_ids().into_iter().map(|u| u.to_string()));
    let spec = s.game.spec();
    for n in &spec.map.nodes {
        w.push(n.label.clone());
        w.extend(n.name.clone());
    }
    w.extend(s.game.phase_order().phases().map(|p| p.to_string()));
    w.sort();
    w.dedup();
    w
}

/// Reads commands from the terminal until `quit` or end of input.
pub fn interactive(s: &mut Session, colour: bool, out: &mut dyn Write) -> i32 {
    let mut rl: Editor<Words, DefaultHistory> = match Editor::new() {
        Ok(r) => r,
        Err(e) => {
            let _ = writeln!(out, "cannot open the terminal: {e}");
            return 1;
        }
    };
    let _ = writeln!(out, "{}: type help for the commands, quit to leave", s.game.title());
    loop {
        rl.set_helper(Some(Words(words(s))));
        let line = match rl.readline(&format!("{} > ", s.prompt())) {
            Ok(l) => l,
            Err(_) => break,
        };
        let _ = rl.add_history_entry(line.as_str());
        let mut answer = String::new();
        let flow = dispatch(s, &line, colour, &mut answer);
        let _ = write!(out, "{answer}");
        let _ = out.flush();
        if flow == Flow::Quit {
            break;
        }
    }
    0
}
