//! `--target METRIC=BAND`: a band a figure must lie in, as `tune` aims at it.

/// `--target METRIC=VALUE±TOL` (or `METRIC=LO..HI`, or open at one end, `METRIC=LO..` for at
/// least LO and `METRIC=..HI` for at most HI): a band a figure must lie in. A `%` after the
/// numbers reads them as percentages of 1 (`seat_1_win_rate=25%±1%`).
#[derive(Clone, Debug, PartialEq)]
pub struct Target {
    pub metric: String,
    /// The band's ends; an open end is infinite.
    pub low: f64,
    pub high: f64,
    /// The argument as given.
    pub arg: String,
}

impl std::str::FromStr for Target {
    type Err = String;

    fn from_str(arg: &str) -> Result<Self, String> {
        let bad = || {
            format!(
                "`{arg}` is not METRIC=VALUE±TOL, METRIC=LO..HI, METRIC=LO.. or METRIC=..HI, like seat_1_win_rate=25%±1%"
            )
        };
        let (metric, band) = arg.split_once('=').ok_or_else(bad)?;
        // One number and no band: a target is a band, never a point (no run hits one exactly).
        if !band.contains("..") && !band.contains('±') && !band.contains("+-") {
            let (tol, range) = if band.contains('%') {
                ("3%", "32%..38%")
            } else {
                ("0.03", "0.32..0.38")
            };
            let metric = metric.trim();
            return Err(format!(
                "`{arg}`: a target is a band, not one value: METRIC=VALUE±TOL, like {metric}={}±{tol}, or METRIC=LO..HI, like {metric}={range}",
                band.trim()
            ));
        }
        // `35%±3` is a typo for 35%±3% (or 0.35±0.03), never a band 70 points wide; an open
        // band has one number.
        let numbers = if band.trim().starts_with("..") || band.trim().ends_with("..") {
            1
        } else {
            2
        };
        let percents = band.matches('%').count();
        if percents != 0 && percents != numbers {
            return Err(format!(
                "`{arg}`: give both numbers as percentages or neither, like 35%±3% or 0.35±0.03"
            ));
        }
        let number = |s: &str| -> Option<f64> {
            let s = s.trim();
            match s.strip_suffix('%') {
                Some(p) => p.trim().parse::<f64>().ok().map(|v| v / 100.0),
                None => s.parse().ok(),
            }
            .filter(|v: &f64| v.is_finite())
        };
        let end = |s: &str, open: f64| -> Option<f64> {
            if s.trim().is_empty() {
                Some(open)
            } else {
                number(s)
            }
        };
        let (low, high) = if let Some((lo, hi)) = band.split_once("..") {
            if lo.trim().is_empty() && hi.trim().is_empty() {
                return Err(bad());
            }
            (
                end(lo, f64::NEG_INFINITY).ok_or_else(bad)?,
                end(hi, f64::INFINITY).ok_or_else(bad)?,
            )
        } else {
            let (value, tol) = band
                .split_once('±')
                .or_else(|| band.split_once("+-"))
                .ok_or_else(bad)?;
            let (value, tol) = (number(value).ok_or_else(bad)?, number(tol).ok_or_else(bad)?);
            if tol < 0.0 {
                return Err(format!(
                    "`{arg}`: a tolerance is 0 or more, the band's half-width, like 35%±3%"
                ));
            }
            (value - tol, value + tol)
        };
        if low.partial_cmp(&high) != Some(std::cmp::Ordering::Less) {
            return Err(format!(
                "`{arg}`: the band is empty: its low end is not below its high end"
            ));
        }
        Ok(Self {
            metric: metric.trim().to_string(),
            low,
            high,
            arg: arg.to_string(),
        })
    }
}

/// `--keep METRIC` or `--keep METRIC=TOL`: a figure that must not move from the config as given
/// by more than TOL (by default, the tolerance `check` gives it).
#[derive(Clone, Debug, PartialEq)]
pub struct Keep {
    pub metric: String,
    pub tolerance: Option<f64>,
    /// The argument as given.
    pub arg: String,
}

impl std::str::FromStr for Keep {
    type Err = String;

    fn from_str(arg: &str) -> Result<Self, String> {
        let (metric, tolerance) = match arg.split_once('=') {
            None => (arg, None),
            Some((metric, tol)) => {
                let tol = tol.trim();
                let number = match tol.strip_suffix('%') {
                    Some(p) => p.trim().parse::<f64>().map(|v| v / 100.0),
                    None => tol.parse(),
                };
                match number {
                    Ok(t) if t.is_finite() && t > 0.0 => (metric, Some(t)),
                    _ => {
                        return Err(format!(
                            "`{arg}` is not METRIC or METRIC=TOL with TOL above 0, like ending_deck_out=2%"
                        ));
                    }
                }
            }
        };
        let metric = metric.trim();
        if metric.is_empty() {
            return Err(format!("`{arg}`: name a figure, like mean_turns"));
        }
        Ok(Self {
            metric: metric.to_string(),
            tolerance,
            arg: arg.to_string(),
        })
    }
}

impl Target {
    /// The band in words, in the figure's units: `32.00%–38.00%`, `at least 20.000`, `at most
    /// 10.00%`.
    pub fn band(&self) -> String {
        match (self.low.is_finite(), self.high.is_finite()) {
            (true, true) => format!("{}–{}", self.shown(self.low), self.shown(self.high)),
            (true, false) => format!("at least {}", self.shown(self.low)),
            _ => format!("at most {}", self.shown(self.high)),
        }
    }

    /// The figure and its band, as a sentence names a target: `seat_gap in 0.00–5.00 points`,
    /// `mouse_win_rate at most 15.00%`.
    pub fn wanted(&self) -> String {
        let band = self.band();
        if self.low.is_finite() && self.high.is_finite() {
            format!("{} in {band}", self.metric)
        } else {
            format!("{} {band}", self.metric)
        }
    }

    /// A value of the figure as the answer reads it, as the target was written: a rate in
    /// percent, a change of rates and a seat gap in points, to two decimals so a value at a
    /// band's edge reads on the side it lies; anything else to three.
    pub fn shown(&self, x: f64) -> String {
        use crate::stats::is_rate;
        let m = self.metric.as_str();
        let plain = m.split_once('@').map_or(m, |(p, _)| p);
        let points = match m.strip_suffix("_change") {
            Some(of) => is_rate(of),
            None => m.contains('-') && m.split('-').all(is_rate),
        };
        // Rounded as every page rounds a share's hundredths (`+ 0.0` turns −0 into 0).
        let hundredths = crate::io::report::svg::rounded(x, 4) * 100.0 + 0.0;
        if points {
            format!("{hundredths:+.2} points")
        } else if plain == "seat_gap" {
            format!("{hundredths:.2} points")
        } else if is_rate(m) && !m.ends_with("_change") {
            format!("{hundredths:.2}%")
        } else {
            format!("{:.3}", x + 0.0)
        }
    }

    /// Whether an interval lies wholly outside the band.
    pub fn misses(&self, low: f64, high: f64) -> bool {
        high < self.low || low > self.high
    }

    /// Whether a figure's interval lies inside the band.
    pub fn holds(&self, e: crate::stats::Estimate) -> bool {
        e.low >= self.low && e.high <= self.high
    }

    /// How far `value` is from the band's middle, in band widths: 0.5 at an edge, more outside.
    /// An open band has no middle: 0.5 plus how far `value` lies past its end, less the deeper
    /// inside it is, so the surest of several values inside comes first.
    pub fn off_centre(&self, value: f64) -> f64 {
        if self.low.is_finite() && self.high.is_finite() {
            (value - (self.low + self.high) / 2.0).abs() / (self.high - self.low)
        } else {
            0.5 + (self.low - value).max(value - self.high)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_read_as_a_band() {
        let t: Target = "seat_1_win_rate=25%±1%".parse().unwrap();
        assert_eq!(t.metric, "seat_1_win_rate");
        assert!((t.low - 0.24).abs() < 1e-12 && (t.high - 0.26).abs() < 1e-12);
        let t: Target = "mean_turns = 20 +- 2".parse().unwrap();
        assert_eq!(
            (t.metric.as_str(), t.low, t.high),
            ("mean_turns", 18.0, 22.0)
        );
        let e = "mouse_win_rate=35%".parse::<Target>().unwrap_err();
        assert!(
            e.contains(
                "a target is a band, not one value: METRIC=VALUE±TOL, like mouse_win_rate=35%±3%, or METRIC=LO..HI, like mouse_win_rate=32%..38%"
            ),
            "{e}"
        );
        let e = "mouse_win_rate=0.35±-0.03".parse::<Target>().unwrap_err();
        assert!(e.contains("a tolerance is 0 or more"), "{e}");
        let t: Target = "mouse_win_rate=0.40..0.45".parse().unwrap();
        assert_eq!((t.low, t.high), (0.40, 0.45));
        assert_eq!(t.wanted(), "mouse_win_rate in 40.00%–45.00%");
        let t: Target = "mean_turns=20..".parse().unwrap();
        assert_eq!((t.low, t.high), (20.0, f64::INFINITY));
        assert_eq!(t.band(), "at least 20.000");
        let t: Target = "ending_capped=..1%".parse().unwrap();
        assert_eq!((t.low, t.high), (f64::NEG_INFINITY, 0.01));
        assert_eq!(t.band(), "at most 1.00%");
        assert_eq!(t.wanted(), "ending_capped at most 1.00%");
        // Each figure in its units: a share in percent, the seat gap and a change of shares in
        // points, other figures as numbers.
        let shown = |target: &str, x| target.parse::<Target>().unwrap().shown(x);
        assert_eq!(shown("mouse_win_rate@strong=35%±3%", 0.3516), "35.16%");
        assert_eq!(shown("seat_gap=..0.1", 0.0812), "8.12 points");
        assert_eq!(shown("mean_turns_change=0±0.5", -0.25), "-0.250");
        assert_eq!(
            shown("seat_1_win_rate_change=0±0.02", -0.013),
            "-1.30 points"
        );
        assert_eq!(
            shown("seat_1_win_rate@5-seat_1_win_rate@4=0±0.02", 0.004),
            "+0.40 points"
        );
        let e = |value, low, high| crate::stats::Estimate { value, low, high };
        assert!(t.holds(e(0.005, 0.0, 0.009)) && !t.holds(e(0.005, 0.0, 0.011)));
        assert!(t.misses(0.0101, 0.02));
        assert!((t.off_centre(0.005) - 0.495).abs() < 1e-12);
        assert!((t.off_centre(0.03) - 0.52).abs() < 1e-12);
        for bad in [
            "seat_1_win_rate",
            "x=1",
            "x=0.3..0.2",
            "x=a±1",
            "x=1±0",
            "x=35%±3",
            "x=0.3..40%",
            "x=..",
            "x=..a",
            "x=inf..",
        ] {
            assert!(bad.parse::<Target>().is_err(), "{bad}");
        }
    }

    #[test]
    fn keeps_read_with_or_without_a_tolerance() {
        let k: Keep = "mean_turns".parse().unwrap();
        assert_eq!((k.metric.as_str(), k.tolerance), ("mean_turns", None));
        let k: Keep = "ending_deck_out=2%".parse().unwrap();
        assert_eq!(k.metric, "ending_deck_out");
        assert!((k.tolerance.unwrap() - 0.02).abs() < 1e-12);
        for bad in ["", "=1", "x=0", "x=-1", "x=a", "x=inf"] {
            assert!(bad.parse::<Keep>().is_err(), "{bad}");
        }
    }
}
