//! The one place progress bars are made.

use std::io::IsTerminal;

use indicatif::{HumanCount, ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// A games-done bar on stderr; hidden when quiet or when stderr is not a terminal, so logs and
/// pipes stay clean.
pub fn games_bar(total: u64, quiet: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr_with_hz(10));
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {human_pos}/{human_len} games  {rate}  ETA {eta}")
            .expect("the template is a constant")
            // Games a second as a whole number: `21,578/s`, not `21,578.0493/s`.
            .with_key(
                "rate",
                |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = write!(w, "{}/s", HumanCount(state.per_sec().round() as u64));
                },
            )
            .progress_chars("=> "),
    );
    bar
}
