//! Sea supply lines (SUP-066..131).
//!
//! The moving side announces its lines (or gets the default plan: a line to
//! every zone that can use one, SUP-103), the defending side says what
//! attacks which line, and the lines are resolved one after the other in the
//! announced order (SUP-121), each with the supply its origin holds at that
//! moment: a zone supplied by an earlier line can send lines on (SUP-085),
//! and a line from a zone whose own sea supply was disrupted carries
//! nothing. A line that gets through lands its supply at its termination,
//! and the land flood continues from there (SUP-084).
//!
//! Validation and the default plan read a [`SeaView`]: the land flood, the
//! zones, the sea log and the units, as they stand before the lines are
//! resolved. `Game::submit` builds one from a preview of the determination,
//! so orders are validated before anything changes.
//!
//! One concept a file: [`view`](fn@view) builds the [`SeaView`]; `ends`
//! says where a line may start and end; `route` finds its route and where
//! units reach it; `searches` keeps a side's sea searches between
//! determinations; `initial` keeps the initial determination's chances
//! (SUP-139..141); `validate` checks orders; `plan` makes the greedy plan, `search`
//! finds the best plan from there and `default` reads the view into it
//! (the default plan, SUP-103);
//! `threat` says which enemy units could attack a line and where they
//! reach (validation's eligibility, read by other families too);
//! `resolve` resolves the lines; `carried` says what a line carries;
//! `choices` lists the candidate lines a plan is built from.

mod carried;
mod choices;
mod default;
mod ends;
mod initial;
mod plan;
mod resolve;
mod route;
pub mod search;
mod searches;
mod threat;
mod validate;
mod view;

pub use carried::{carried_into, carried_of, has_sea};
pub use choices::{candidate_lines, landings_of};
pub use default::{default_plan, explained_plan};
pub use plan::greedy_plan;
pub use resolve::resolve_sea;
pub use searches::SeaSearchCache;
pub use threat::threats_over;
pub use validate::{validate_intercept, validate_plan};
pub use view::{SeaView, UnitView, view};
