//! The one place progress bars are made.

use std::io::IsTerminal;

use indicatif::{HumanCount, ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

use crate::core::cost::{Cost, Watch};

/// A run's progress: its bar, and the watch that tells a long run's cost.
pub(crate) struct Progress {
    bar: ProgressBar,
    watch: Option<Watch>,
}

impl Progress {
    /// No bar and no note: for a run nobody watches.
    pub(crate) fn hidden() -> Self {
        Self {
            bar: ProgressBar::hidden(),
            watch: None,
        }
    }

    /// Counts `units` more finished (from any thread of the run).
    pub(crate) fn inc(&self, units: u64) {
        self.bar.inc(units);
        if let Some(w) = &self.watch {
            w.finished(units, &self.bar);
        }
    }

    /// From now on, a finished unit weighs `weight` in the run's cost.
    pub(crate) fn weigh(&self, weight: f64) {
        if let Some(w) = &self.watch {
            w.weigh(weight);
        }
    }

    pub(crate) fn finish_and_clear(&self) {
        self.bar.finish_and_clear();
    }

    /// Says what the run is doing now, beside the bar.
    pub(crate) fn say(&self, what: String) {
        self.bar.set_message(what);
    }
}

/// The progress of one round of a `tune`: its games, and the point it is playing (`round 2:
/// rules.rooms = 13`); a long round is told its cost, as a long run is ([`games_bar`]).
pub(crate) fn round_bar(total: u64, quiet: bool) -> Progress {
    watched(total, quiet, Cost::tune_round(), || {
        ProgressStyle::with_template("{msg}  {bar:30} {human_pos}/{human_len} games  ETA {eta}")
            .expect("the template is a constant")
    })
}

/// The progress of a run of `total` units shaped as `cost` says: a games-done bar on stderr,
/// hidden when stderr is not a terminal, so logs and pipes stay clean; and a note on stderr if
/// the run will be long. Neither when quiet.
pub(crate) fn games_bar(total: u64, quiet: bool, cost: Cost) -> Progress {
    watched(total, quiet, cost, || {
        ProgressStyle::with_template("{bar:40} {human_pos}/{human_len} games  {rate}  ETA {eta}")
            .expect("the template is a constant")
            // Games a second as a whole number: `21,578/s`, not `21,578.0493/s`.
            .with_key(
                "rate",
                |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = write!(w, "{}/s", HumanCount(state.per_sec().round() as u64));
                },
            )
    })
}

/// The progress of a run whose parts cost unalike (a ladder's pairings), its units weighing
/// `work` in all, each part weighed as it starts ([`Progress::weigh`]). Its bar counts games and
/// says which part is under way, with no rate or time left: counted in games alike, those
/// would promise what the note beside them, weighed, does not.
pub(crate) fn weighed_bar(total: u64, work: f64, quiet: bool, cost: Cost) -> Progress {
    let progress = watched(total, quiet, cost, || {
        ProgressStyle::with_template("{bar:40} {human_pos}/{human_len} games  {msg}")
            .expect("the template is a constant")
    });
    Progress {
        watch: progress.watch.map(|w| w.weighed(work)),
        ..progress
    }
}

/// A spinner on stderr, when it is a terminal and not quiet, for a wait whose length is not
/// known beforehand (timing a search's game before a run's cost can be told); it says `what`,
/// and [`Progress::say`] what it is on now.
pub(crate) fn spinner(what: &str, quiet: bool) -> Progress {
    if quiet || !std::io::stderr().is_terminal() {
        return Progress::hidden();
    }
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr_with_hz(10));
    bar.set_style(
        ProgressStyle::with_template(&format!("{{spinner}} {what}: {{msg}}"))
            .expect("the template is well formed"),
    );
    bar.enable_steady_tick(std::time::Duration::from_millis(100));
    Progress { bar, watch: None }
}

/// A bar of `style` on stderr when it is a terminal, and the watch that tells a long run's
/// cost either way; neither when quiet.
fn watched(total: u64, quiet: bool, cost: Cost, style: impl FnOnce() -> ProgressStyle) -> Progress {
    if quiet {
        return Progress::hidden();
    }
    let watch = Some(Watch::new(cost, total));
    if !std::io::stderr().is_terminal() {
        return Progress {
            bar: ProgressBar::hidden(),
            watch,
        };
    }
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr_with_hz(10));
    bar.set_style(style().progress_chars("=> "));
    Progress { bar, watch }
}
