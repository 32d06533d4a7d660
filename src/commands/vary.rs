//! `--vary KEY=VALUES`: the values a sweep plays a config key at, and the grid of every
//! combination of them.

use crate::commands::cli::halves;
use crate::io::config::Override;

/// `--vary KEY=V1,V2,…` or `--vary KEY=LO..HI` (integers, both ends included).
#[derive(Clone, Debug, PartialEq)]
pub struct Vary {
    pub key: String,
    pub values: Vec<Override>,
    /// The argument as given, for the folder's name.
    pub arg: String,
}

/// Values one `--vary` may list (a range or a list).
const MAX_VALUES: usize = 1001;

impl std::str::FromStr for Vary {
    type Err = String;

    fn from_str(arg: &str) -> Result<Self, String> {
        let (key, list) = halves(arg, '=', "KEY=V1,V2,… or KEY=LO..HI")?;
        let raw: Vec<String> = match list.split_once("..") {
            Some((lo, hi)) => {
                let bound = |s: &str| {
                    s.trim()
                        .parse::<i64>()
                        .map_err(|_| format!("`{arg}`: a range takes whole numbers, like 2..6"))
                };
                let (lo, hi) = (bound(lo)?, bound(hi)?);
                // In i128: the span of two i64 ends can overflow i64.
                let span = i128::from(hi) - i128::from(lo);
                if span < 0 || span >= MAX_VALUES as i128 {
                    return Err(format!(
                        "`{arg}`: a range runs upwards, at most {MAX_VALUES} values"
                    ));
                }
                (lo..=hi).map(|v| v.to_string()).collect()
            }
            // `2-6` is not the number it looks like a range of: say how a range is written.
            None if let Some((lo, hi)) = dashed(list) => {
                return Err(format!(
                    "`{arg}`: a range is written LO..HI: `{}={lo}..{hi}`",
                    key.trim()
                ));
            }
            // An empty value (`10,,12`, a trailing comma) is a typo, not a point to drop.
            None if list.split(',').any(|v| v.trim().is_empty()) && !list.trim().is_empty() => {
                return Err(format!(
                    "`{arg}`: an empty value between commas; list the values as KEY=V1,V2,…"
                ));
            }
            None => list
                .split(',')
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
                .collect(),
        };
        if raw.is_empty() {
            return Err(format!("`{arg}`: no values to vary over"));
        }
        if raw.len() > MAX_VALUES {
            return Err(format!("`{arg}`: at most {MAX_VALUES} values"));
        }
        let values = raw
            .iter()
            .map(|v| {
                let o: Override = format!("{key}={v}").parse()?;
                Ok::<_, String>(o.given_by("--vary"))
            })
            .collect::<Result<_, _>>()?;
        Ok(Self {
            key: key.trim().to_string(),
            values,
            arg: arg.to_string(),
        })
    }
}

/// `LO-HI` (two whole numbers joined by a dash, as `2-6`), which is not a value: its two ends.
fn dashed(list: &str) -> Option<(i64, i64)> {
    list.char_indices()
        .filter(|&(i, c)| c == '-' && i > 0)
        .find_map(|(i, _)| {
            let lo = list[..i].trim().parse().ok()?;
            let hi = list[i + 1..].trim().parse().ok()?;
            Some((lo, hi))
        })
}

/// A key that names a bot parameter, `bots.KIND.PARAM`: the kind and the parameter.
pub(crate) fn bot_param(o: &Override) -> Option<(&str, &str)> {
    let (kind, param) = o.path.strip_prefix("bots.")?.split_once('.')?;
    (!param.contains('.')).then_some((kind, param))
}

/// A value of a `--vary` as it was written: `13` of `rules.rooms=13`.
pub(crate) fn value_of(o: &crate::io::config::Override) -> String {
    o.arg
        .split_once('=')
        .map_or_else(|| o.arg.clone(), |(_, v)| v.to_string())
}

/// Refuses `--vary`s that vary a key twice, a key `--set` sets too, the player count against
/// `--players`, or a value listed twice however it is spelt (`13,+13`: one point played
/// twice), as `sweep` and `tune` both take them.
pub(crate) fn check_keys(
    vary: &[Vary],
    set: &[crate::io::config::Override],
    players: Option<usize>,
) -> Result<(), crate::core::failure::Failure> {
    use crate::core::failure::Failure;
    super::players_once(players, set)?;
    for (i, v) in vary.iter().enumerate() {
        if vary[..i].iter().any(|w| w.key == v.key) {
            return Err(Failure::Usage(format!(
                "--vary {} is given twice: list all its values in one --vary",
                v.key
            )));
        }
        if let Some(o) = set.iter().find(|o| o.path == v.key) {
            return Err(Failure::Usage(format!(
                "--set {} and --vary {} set the same key; give one",
                o.arg, v.key
            )));
        }
        if v.key == "rules.players" && players.is_some() {
            return Err(Failure::Usage(
                "--vary rules.players and --players both set the players; give one".into(),
            ));
        }
        for (j, value) in v.values.iter().enumerate() {
            if v.values[..j].iter().any(|w| w.value == value.value) {
                return Err(Failure::Usage(format!(
                    "--vary {}: {} is given twice",
                    v.arg,
                    value_of(value)
                )));
            }
        }
    }
    Ok(())
}

/// Every combination of the varied values, the first `--vary` changing slowest.
pub(crate) fn grid(vary: &[Vary]) -> Vec<Vec<Override>> {
    vary.iter().fold(vec![Vec::new()], |points, v| {
        points
            .iter()
            .flat_map(|p| {
                v.values.iter().map(move |value| {
                    let mut point = p.clone();
                    point.push(value.clone());
                    point
                })
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_and_ranges_parse() {
        let v: Vary = "rules.size=2..5".parse().unwrap();
        assert_eq!(v.key, "rules.size");
        assert_eq!(
            v.values.iter().map(|o| o.arg.as_str()).collect::<Vec<_>>(),
            [
                "rules.size=2",
                "rules.size=3",
                "rules.size=4",
                "rules.size=5"
            ]
        );
        let v: Vary = "rules.game_end=immediate,finish_round".parse().unwrap();
        assert_eq!(v.values.len(), 2);
        assert_eq!(
            v.values[1].value,
            toml::Value::String("finish_round".into())
        );
        for bad in [
            "novalue",
            "k=",
            "k=5..2",
            "k=a..b",
            "k=-9223372036854775808..9223372036854775807",
            "k=0..1001",
        ] {
            assert!(bad.parse::<Vary>().is_err(), "{bad}");
        }
    }

    /// `sweep` and `tune` refuse the same: a value given twice is one point played twice.
    #[test]
    fn a_value_given_twice_is_refused_however_it_is_spelt() {
        let refused = |arg: &str| {
            let vary: Vary = arg.parse().unwrap();
            check_keys(&[vary], &[], None).map_err(|e| e.to_string())
        };
        assert_eq!(refused("rules.size=3,4,5"), Ok(()));
        for (arg, twice) in [
            ("rules.size=3,+3", "+3"),
            ("rules.bonus=0,-0", "-0"),
            (
                "rules.game_end=immediate,finish_round,immediate",
                "immediate",
            ),
        ] {
            assert_eq!(
                refused(arg),
                Err(format!("--vary {arg}: {twice} is given twice")),
                "{arg}"
            );
        }
    }

    #[test]
    fn the_grid_is_every_combination_first_key_slowest() {
        let vary: Vec<Vary> = ["a=1,2", "b=x,y,z"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        let g = grid(&vary);
        let names: Vec<String> = g
            .iter()
            .map(|p| {
                p.iter()
                    .map(|o| o.arg.clone())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        assert_eq!(
            names,
            [
                "a=1 b=x", "a=1 b=y", "a=1 b=z", "a=2 b=x", "a=2 b=y", "a=2 b=z"
            ]
        );
    }
}
