//! `--target METRIC=BAND`: a band a figure must lie in, as `tune` aims at it.

/// `--target METRIC=VALUE±TOL` (or `METRIC=LO..HI`): a band a figure must lie in. A `%` after
/// the numbers reads them as percentages of 1 (`seat_1_win_rate=25%±1%`).
#[derive(Clone, Debug, PartialEq)]
pub struct Target {
    pub metric: String,
    pub low: f64,
    pub high: f64,
    /// The argument as given.
    pub arg: String,
}

impl std::str::FromStr for Target {
    type Err = String;

    fn from_str(arg: &str) -> Result<Self, String> {
        let bad = || {
            format!("`{arg}` is not METRIC=VALUE±TOL or METRIC=LO..HI, like seat_1_win_rate=25%±1%")
        };
        let (metric, band) = arg.split_once('=').ok_or_else(bad)?;
        // `35%±3` is a typo for 35%±3% (or 0.35±0.03), never a band 70 points wide.
        let percents = band.matches('%').count();
        if percents == 1 {
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
        };
        let (low, high) = if let Some((lo, hi)) = band.split_once("..") {
            (number(lo).ok_or_else(bad)?, number(hi).ok_or_else(bad)?)
        } else {
            let (value, tol) = band
                .split_once('±')
                .or_else(|| band.split_once("+-"))
                .ok_or_else(bad)?;
            let (value, tol) = (number(value).ok_or_else(bad)?, number(tol).ok_or_else(bad)?);
            (value - tol.abs(), value + tol.abs())
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
        let t: Target = "mouse_win_rate=0.40..0.45".parse().unwrap();
        assert_eq!((t.low, t.high), (0.40, 0.45));
        for bad in [
            "seat_1_win_rate",
            "x=1",
            "x=0.3..0.2",
            "x=a±1",
            "x=1±0",
            "x=35%±3",
            "x=0.3..40%",
        ] {
            assert!(bad.parse::<Target>().is_err(), "{bad}");
        }
    }
}
