//! What a long run will cost, said before it is paid. A run projected to take more than about a
//! minute says so once on stderr, with how to make it shorter and what that costs in precision;
//! a quick run says nothing. The projection rests on the clock, so nothing of it reaches stdout
//! or the result files.
//!
//! A test projects a run without a clock through a hook: `WHISKER_TEST_RATE=R` takes the rate
//! to be R games a second from the first chunk finished on.

use std::io::Write as _;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

use indicatif::{HumanCount, ProgressBar};

/// A run projected past this many seconds is told its cost: "more than about a minute", so a
/// default run near a minute on a busy machine is not told to play 10% fewer games.
const TOLD: f64 = 90.0;
/// What a shorter run is fitted to: a minute.
const LONG: f64 = 60.0;
/// Played this long, a run's rate is taken as its own: the first chunks also pay for starting
/// threads and warming caches.
const MEASURED: Duration = Duration::from_secs(1);
/// The test hook's environment variable.
const HOOK: &str = "WHISKER_TEST_RATE";

/// How a run could be made shorter.
enum Shorter {
    /// Fewer `--games` (the run's length is in proportion to it). Each of its rates (`rates`)
    /// is measured on `per_game` games for each game of `--games`; `paired`: a difference of
    /// two sides' rates, game by game.
    Games {
        games: u64,
        per_game: u64,
        rates: &'static str,
        paired: bool,
    },
    /// A baseline of fewer games: `whisker check` replays every game of its baseline.
    Baseline { games: u64 },
    /// A lower `--max-games`: a tune's round plays what the race needs, within it.
    Budget,
}

/// What a command's run is made of, for its cost.
pub(crate) struct Cost {
    /// What the note calls the run: "run", "ladder", "round", "check".
    noun: &'static str,
    /// Games played for each unit the progress bar counts: a compared pair is two.
    per_unit: u64,
    /// What Ctrl-C keeps, after "Ctrl-C stops it".
    keeps: &'static str,
    shorter: Shorter,
}

impl Cost {
    /// A run of `games` seeds, each played `rotations` times (once a rotation of the lineup).
    pub(crate) fn simulate(games: u64, rotations: u64) -> Self {
        Self::played(games, rotations, 1, "win rates", false)
    }

    /// Two sides of `games` seeds, each played `rotations` times.
    pub(crate) fn compare(games: u64, rotations: u64) -> Self {
        Self::played(games, rotations, 2, "each difference of win rates", true)
    }

    /// A sweep of points each played as [`Cost::simulate`]'s run is.
    pub(crate) fn sweep(games: u64, rotations: u64) -> Self {
        Self {
            keeps: " and keeps every finished point",
            ..Self::played(games, rotations, 1, "the win rates at each point", false)
        }
    }

    /// A ladder of `games` seeds a pairing, each played once with the bot in each of `players`
    /// seats.
    pub(crate) fn ladder(games: u64, players: usize) -> Self {
        Self {
            noun: "ladder",
            per_unit: 1,
            keeps: " and keeps every finished pairing",
            shorter: Shorter::Games {
                games,
                per_game: players as u64,
                rates: "each pairing's win rate",
                paired: false,
            },
        }
    }

    /// A round of a tune: its points' games at every table.
    pub(crate) fn tune_round() -> Self {
        Self {
            noun: "round",
            per_unit: 1,
            keeps: " and keeps every finished round",
            shorter: Shorter::Budget,
        }
    }

    /// A check replaying a baseline's `games` games.
    pub(crate) fn check(games: u64) -> Self {
        Self {
            noun: "check",
            per_unit: 1,
            keeps: ", checking nothing",
            shorter: Shorter::Baseline { games },
        }
    }

    fn played(
        games: u64,
        rotations: u64,
        per_unit: u64,
        rates: &'static str,
        paired: bool,
    ) -> Self {
        Self {
            noun: "run",
            per_unit,
            keeps: " and keeps every finished game",
            shorter: Shorter::Games {
                games,
                per_game: rotations,
                rates,
                paired,
            },
        }
    }

    /// The note for a run of `units` units projected at `rate` units a second, played on
    /// `threads` threads.
    fn note(&self, units: u64, rate: f64, threads: usize) -> String {
        let seconds = units as f64 / rate;
        let mut text = format!(
            "note: this {} will take about {} ({} games at about {} games/s on {threads} thread{}). Ctrl-C stops it{}",
            self.noun,
            duration(seconds),
            HumanCount(units.saturating_mul(self.per_unit)),
            rate_text(rate * self.per_unit as f64),
            if threads == 1 { "" } else { "s" },
            self.keeps,
        );
        // A run as long in proportion to its games as this one, made to fit in about a minute.
        let fewer = |games: u64| {
            let n = readable(games as f64 * LONG / seconds);
            (n, duration(seconds * n as f64 / games as f64))
        };
        match self.shorter {
            Shorter::Games {
                games,
                per_game,
                rates,
                paired,
            } => {
                let (n, takes) = fewer(games);
                // The half-width of a 95% interval, in points: for a rate near 50%, the widest;
                // for a paired difference, game by game, the widest there is (every game
                // differing), narrower as the sides' games end alike more often.
                let (variance, bound) = if paired {
                    (
                        1.0,
                        "; at most, and less the more often the two sides' games end alike",
                    )
                } else {
                    (0.25, "")
                };
                let half = 196.0 * (variance / (n.saturating_mul(per_game)) as f64).sqrt();
                let half = format!("{half:.1}");
                text += &format!(
                    "; or play fewer: --games {n} takes about {takes} and gives {rates} to within ±{half} point{} (95%{bound}).",
                    if half == "1.0" { "" } else { "s" },
                );
            }
            Shorter::Baseline { games } => {
                let (n, takes) = fewer(games);
                text += &format!(
                    ". A baseline of {} games would check in about {takes} (made with `whisker simulate … --games {n} --games-csv`).",
                    HumanCount(n)
                );
            }
            Shorter::Budget => {
                text += "; or tune fewer points: each plays its round's games, on every table.";
            }
        }
        text
    }
}

/// Watches a run's rate as its games finish, and tells its cost once if it is long.
///
/// A run whose parts cost alike counts its games. One whose parts do not (a ladder's pairing of
/// two searches can cost a thousand times one of two random bots) weighs each part's games by
/// what one of them costs ([`Progress::weigh`](crate::core::progress::Progress::weigh)), so
/// the fast parts played first do not promise a rate the slow ones never reach.
pub(crate) struct Watch {
    cost: Cost,
    /// The run's units, all of them: every side, point and pairing.
    total: u64,
    /// What the whole run weighs: its units, each times its part's weight.
    work: f64,
    started: Instant,
    /// What the finished units weigh, as `f64` bits.
    worked: AtomicU64,
    /// What a unit of the part under way weighs, as `f64` bits.
    weight: AtomicU64,
    /// Whether the note was given or will not be.
    settled: AtomicBool,
}

impl Watch {
    /// A watch of `total` units that cost alike: each weighs 1.
    pub(crate) fn new(cost: Cost, total: u64) -> Self {
        Self {
            cost,
            total,
            work: total as f64,
            started: Instant::now(),
            worked: AtomicU64::new(0f64.to_bits()),
            weight: AtomicU64::new(1f64.to_bits()),
            settled: AtomicBool::new(false),
        }
    }

    /// The watch of a run whose units weigh `work` in all; each part is weighed as it starts.
    pub(crate) fn weighed(self, work: f64) -> Self {
        Self { work, ..self }
    }

    /// From now on, a finished unit weighs `weight` (positive and finite, or 1).
    pub(crate) fn weigh(&self, weight: f64) {
        let weight = if weight.is_finite() && weight > 0.0 {
            weight
        } else {
            1.0
        };
        self.weight.store(weight.to_bits(), Relaxed);
    }

    /// Counts `units` more finished, on a thread of the run's pool; the note goes out over
    /// `bar`, so the bar is not drawn across it.
    pub(crate) fn finished(&self, units: u64, bar: &ProgressBar) {
        let adds = units as f64 * f64::from_bits(self.weight.load(Relaxed));
        let worked = f64::from_bits(
            self.worked
                .fetch_update(Relaxed, Relaxed, |w| {
                    Some((f64::from_bits(w) + adds).to_bits())
                })
                .unwrap_or_else(|w| w),
        ) + adds;
        if self.settled.load(Relaxed) {
            return;
        }
        // Weighed units a second (a unit weighs 1 in a run whose units cost alike).
        let rate = match test_rate() {
            Some(r) => r / self.cost.per_unit as f64,
            None => match self.started.elapsed() {
                t if t < MEASURED => return,
                t => worked / t.as_secs_f64(),
            },
        };
        if let Some(text) = self.told(worked, rate, rayon::current_num_threads()) {
            // A closed stderr is no reason to stop the run.
            bar.suspend(|| {
                let _ = writeln!(std::io::stderr(), "{text}");
            });
        }
    }

    /// The note, once, for a run of which `worked` is played at `rate` (weighed units a
    /// second); none for a short run.
    fn told(&self, worked: f64, rate: f64, threads: usize) -> Option<String> {
        // Told before half the run is played, or not at all: later it is no longer news.
        if worked * 2.0 > self.work {
            self.settled.store(true, Relaxed);
            return None;
        }
        let seconds = self.work / rate;
        (seconds > TOLD && !self.settled.swap(true, Relaxed)).then(|| {
            self.cost
                .note(self.total, self.total as f64 / seconds, threads)
        })
    }
}

/// Whether the test hook sets the rate: a run's parts then weigh alike, as the clock says
/// nothing of them.
pub(crate) fn clockless() -> bool {
    test_rate().is_some()
}

/// The test hook's rate, read once.
fn test_rate() -> Option<f64> {
    static RATE: OnceLock<Option<f64>> = OnceLock::new();
    *RATE.get_or_init(|| {
        let r: f64 = std::env::var(HOOK).ok()?.trim().parse().ok()?;
        (r > 0.0 && r.is_finite()).then_some(r)
    })
}

/// `x` rounded down to a number easy to type and not much smaller: in tenths of its order of
/// magnitude below twice it, in halves above (166 → 160, 38,000 → 35,000), at least 1.
fn readable(x: f64) -> u64 {
    if x < 1.0 {
        return 1;
    }
    let (n, magnitude) = (x as u64, 10u64.pow(x.log10().floor() as u32));
    let step = if n < 2 * magnitude {
        magnitude / 10
    } else {
        magnitude / 2
    };
    n / step.max(1) * step.max(1)
}

/// Games a second to two significant digits: 140, 22,000, 0.8.
pub(crate) fn rate_text(r: f64) -> String {
    if r < 10.0 {
        return format!("{r:.1}");
    }
    let magnitude = 10f64.powi(r.log10().floor() as i32 - 1);
    HumanCount(((r / magnitude).round() * magnitude) as u64).to_string()
}

/// A time span as a person says it: 35 seconds, 12 minutes, 3.5 hours, 4 days.
pub(crate) fn duration(seconds: f64) -> String {
    let plural = |n: f64, unit: &str| format!("{n} {unit}{}", if n == 1.0 { "" } else { "s" });
    let (minutes, hours) = (seconds / 60.0, seconds / 3600.0);
    if seconds < 10.0 {
        plural(seconds.round().max(1.0), "second")
    } else if seconds < 100.0 {
        plural((seconds / 5.0).round() * 5.0, "second")
    } else if minutes < 100.0 {
        plural(minutes.round(), "minute")
    } else if hours < 10.0 {
        plural((hours * 10.0).round() / 10.0, "hour")
    } else if hours < 48.0 {
        plural(hours.round(), "hour")
    } else {
        plural((hours / 24.0).round(), "day")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A ladder of 1,000 quick games and then 1,000 a hundred times as costly, 500 of the
    /// quick ones played in its first second: counted in games it would look like 4 seconds.
    #[test]
    fn costly_parts_weigh_in_the_note() {
        let watch = Watch::new(Cost::ladder(500, 2), 2_000).weighed(1_000.0 + 100_000.0);
        let text = watch.told(500.0, 500.0, 2).expect("a long ladder is told");
        assert!(
            text.starts_with(
                "note: this ladder will take about 3 minutes (2,000 games at about 9.9 games/s on 2 threads)"
            ),
            "{text}"
        );
        assert_eq!(watch.told(500.0, 500.0, 2), None, "told once");
        let quick = Watch::new(Cost::ladder(500, 2), 2_000);
        assert_eq!(quick.told(500.0, 500.0, 2), None, "4 seconds are not told");
        let late = Watch::new(Cost::ladder(500, 2), 2_000).weighed(101_000.0);
        assert_eq!(
            late.told(60_000.0, 500.0, 2),
            None,
            "past half, no longer news"
        );
    }

    #[test]
    fn figures_read_as_a_person_says_them() {
        assert_eq!(readable(38_000.0), 35_000);
        assert_eq!(readable(166.7), 160);
        assert_eq!(readable(8_400.0), 8_000);
        assert_eq!(readable(9.9), 9);
        assert_eq!(readable(0.2), 1);
        assert_eq!(rate_text(137.0), "140");
        assert_eq!(rate_text(21_578.0), "22,000");
        assert_eq!(rate_text(0.84), "0.8");
        assert_eq!(duration(0.2), "1 second");
        assert_eq!(duration(42.0), "40 seconds");
        assert_eq!(duration(720.0), "12 minutes");
        assert_eq!(duration(3.5 * 3600.0), "3.5 hours");
        assert_eq!(duration(5.0 * 86400.0), "5 days");
    }
}
