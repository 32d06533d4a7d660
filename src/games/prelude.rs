//! What a game's own module names when it says what it is: its [`Ruleset`], the counters and
//! tables it declares, the events it tells, said once for every game (`use
//! crate::games::prelude::*;`).

pub(crate) use serde_json::json;

pub(crate) use crate::core::game::seat_name;
pub(crate) use crate::core::lineup::Kind;
pub(crate) use crate::core::play::{Decisions, Table};
pub(crate) use crate::games::ruleset::{Configured, Ruleset, plumbing, told_end, winners};
pub(crate) use crate::games::{Builtin, Event, Outcome, Roles};
pub(crate) use crate::io::report::parts::Parts;
pub(crate) use crate::stats::metrics::{
    Block, Cell, CountTable, Counts, Declared, Per, Total, Value, count_table,
};
