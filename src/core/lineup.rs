//! Bots as the command line names them: `--bots 'greedy(max_bet=2),random'`, or a preset from
//! the config's `[bots]` table. A game lists the bots it offers ([`Kind`]) with their
//! parameters; a chosen bot ([`Bot`]) is a kind and its parameter values, small and `Copy`, so
//! a lineup costs nothing to hand to every game.

use std::collections::HashMap;
use std::fmt::Write as _;

use crate::core::failure::Failure;

/// The most parameters a bot takes.
pub const MAX_PARAMS: usize = 6;

/// A number a bot is tuned by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Param {
    pub name: &'static str,
    pub default: i32,
    pub min: i32,
    pub max: i32,
    pub about: &'static str,
    /// Names for the values `min..=max`, in order, when the parameter chooses among ways of
    /// playing (`rollout=random`) rather than counts; empty for a number.
    pub names: &'static [&'static str],
}

impl Param {
    /// `value` as the command line writes it: its name, if the values have names.
    pub fn show(&self, value: i32) -> String {
        usize::try_from(value - self.min)
            .ok()
            .and_then(|i| self.names.get(i))
            .map_or_else(|| value.to_string(), |n| (*n).to_string())
    }

    /// Reads a value as the command line writes it: a whole number in range, or one of the
    /// names.
    fn read(&self, text: &str) -> Option<i32> {
        match self.names.iter().position(|n| *n == text) {
            Some(i) => Some(self.min + i as i32),
            None => text
                .parse::<i32>()
                .ok()
                .filter(|v| (self.min..=self.max).contains(v)),
        }
    }

    /// What a value may be, for messages and `whisker bots`.
    fn range(&self) -> String {
        if self.names.is_empty() {
            format!("a whole number from {} to {}", self.min, self.max)
        } else {
            format!("one of {}", self.names.join(", "))
        }
    }
}

/// A bot a game offers.
#[derive(Debug, PartialEq, Eq)]
pub struct Kind {
    pub name: &'static str,
    pub about: &'static str,
    pub params: &'static [Param],
    /// The roles it can play; empty when it plays any seat.
    pub roles: &'static [&'static str],
    /// Whether it plays games out to decide (a search): a game with it at the table costs
    /// thousands of ordinary ones, so the runner gives each such game a work unit of its own.
    pub searches: bool,
}

impl Kind {
    pub fn plays(&self, role: &str) -> bool {
        self.roles.is_empty() || self.roles.contains(&role)
    }
}

/// One bot as chosen: its kind and every parameter's value, as the command line and presets
/// give them. A game plays it as a typed value made from it once a game
/// ([`crate::bots::Agent`]).
#[derive(Clone, Copy, Debug)]
pub struct Bot {
    pub kind: &'static Kind,
    pub params: [i32; MAX_PARAMS],
}

/// Two bots are the same when they are of one kind (a game's list names each kind once) with
/// the same values.
impl PartialEq for Bot {
    fn eq(&self, other: &Self) -> bool {
        (self.kind.name, self.params) == (other.kind.name, other.params)
    }
}

impl Eq for Bot {}

impl Bot {
    /// A bot of `kind` with its defaults.
    pub fn new(kind: &'static Kind) -> Self {
        assert!(
            kind.params.len() <= MAX_PARAMS,
            "{} has too many parameters",
            kind.name
        );
        let mut params = [0; MAX_PARAMS];
        for (v, p) in params.iter_mut().zip(kind.params) {
            *v = p.default;
        }
        Self { kind, params }
    }

    /// Whether this bot is of `kind`.
    pub fn is(&self, kind: &Kind) -> bool {
        self.kind.name == kind.name
    }

    /// The value of `param`, found by its name among this bot's parameters; its default where
    /// the bot has no such parameter (a typed bot is made from its own kind, so it always has).
    pub fn value(&self, param: &Param) -> i32 {
        self.kind
            .params
            .iter()
            .zip(self.params)
            .find_map(|(p, v)| (p.name == param.name).then_some(v))
            .unwrap_or(param.default)
    }

    /// As the command line writes it: the name, then the parameters that differ from their
    /// defaults — `greedy`, `greedy(max_bet=2)`.
    pub fn label(&self) -> String {
        let changed: Vec<String> = self
            .kind
            .params
            .iter()
            .zip(self.params)
            .filter(|(p, v)| p.default != *v)
            .map(|(p, v)| format!("{}={}", p.name, p.show(v)))
            .collect();
        if changed.is_empty() {
            self.kind.name.to_string()
        } else {
            format!("{}({})", self.kind.name, changed.join(","))
        }
    }
}

/// A lineup as a sentence names it: `greedy at every seat` when one bot holds every seat (as
/// `run.toml` records even that, seat by seat), else each seat's bot in turn.
pub(crate) fn named(bots: &str) -> String {
    let seats = split(bots);
    if seats.iter().all(|s| *s == seats[0]) {
        format!("{} at every seat", seats[0])
    } else {
        format!("{bots}, seat by seat")
    }
}

/// Splits a `--bots` list at the commas outside parentheses: `greedy(a=1,b=2),random`.
pub fn split(list: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut depth = 0i32;
    for c in list.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(String::new());
                continue;
            }
            _ => {}
        }
        if let Some(last) = out.last_mut() {
            last.push(c);
        }
    }
    out.into_iter().map(|s| s.trim().to_string()).collect()
}

/// Reads one bot: `name` or `name(key=value, …)`, a name being one of `kinds` or a preset (a
/// config's `[bots]` entry, itself such a text, which may change its parameters further).
pub fn parse(
    text: &str,
    kinds: &'static [Kind],
    presets: &[(String, String)],
) -> Result<Bot, Failure> {
    let (name, args) = split_call(text)?;
    let bot = match kinds.iter().position(|k| k.name == name) {
        Some(i) => Bot::new(&kinds[i]),
        None => Presets::new(kinds, presets).named(name)?,
    };
    with_args(bot, args, text)
}

fn usage(m: String) -> Failure {
    Failure::Usage(format!("--bots: {m}"))
}

/// `name(args)` as its name and its argument list, if it has one.
fn split_call(text: &str) -> Result<(&str, Option<&str>), Failure> {
    Ok(match text.split_once('(') {
        Some((name, rest)) => {
            let args = rest
                .strip_suffix(')')
                .ok_or_else(|| usage(format!("`{text}`: a parameter list ends with `)`")))?;
            (name.trim(), Some(args))
        }
        None => (text.trim(), None),
    })
}

/// A config's presets, each worked out once: a preset may build on another, so a chain of any
/// length is followed once, in linear time, and a loop is an error that names it.
pub struct Presets<'a> {
    kinds: &'static [Kind],
    list: &'a [(String, String)],
    index: HashMap<&'a str, usize>,
    bots: Vec<Option<Bot>>,
}

impl<'a> Presets<'a> {
    pub fn new(kinds: &'static [Kind], list: &'a [(String, String)]) -> Self {
        let mut index = HashMap::new();
        for (i, (name, _)) in list.iter().enumerate() {
            index.entry(name.as_str()).or_insert(i);
        }
        Self {
            kinds,
            list,
            index,
            bots: vec![None; list.len()],
        }
    }

    /// The bot the preset `name` stands for.
    fn named(&mut self, name: &str) -> Result<Bot, Failure> {
        match self.index.get(name) {
            Some(&i) => self.bot(i),
            None => Err(self.unknown(name, &[])),
        }
    }

    /// `name` is no bot: the error lists the bots it could be, less the presets on `chain`
    /// (the preset being worked out cannot be its own bot).
    fn unknown(&self, name: &str, chain: &[usize]) -> Failure {
        if name.contains('+') {
            return usage(format!(
                "`{name}`: `+` joins bots only in `whisker ladder`, into one entry for a game with roles (`sleuth+thief`); here give each seat one bot (by role, as ROLE=BOT, in a game with roles)"
            ));
        }
        let mut known: Vec<&str> = self.kinds.iter().map(|k| k.name).collect();
        known.extend(
            self.list
                .iter()
                .enumerate()
                .filter(|(i, _)| !chain.contains(i))
                .map(|(_, (n, _))| n.as_str()),
        );
        usage(format!(
            "unknown bot `{name}`; known: {} (`whisker bots` lists them)",
            known.join(", ")
        ))
    }

    /// The bot preset `i` stands for: its chain of presets followed down to a bot of the game
    /// (or to a preset already worked out), then each one's parameters applied on the way back.
    pub fn bot(&mut self, i: usize) -> Result<Bot, Failure> {
        let mut chain = vec![i];
        let mut on_chain = HashMap::from([(i, 0usize)]);
        let base = loop {
            let top = chain[chain.len() - 1];
            if let Some(bot) = self.bots[top] {
                chain.pop();
                break bot;
            }
            let (name, _) = split_call(&self.list[top].1)?;
            if let Some(k) = self.kinds.iter().position(|k| k.name == name) {
                break Bot::new(&self.kinds[k]);
            }
            let Some(&next) = self.index.get(name) else {
                return Err(self.unknown(name, &chain));
            };
            if let Some(&at) = on_chain.get(&next) {
                let mut names: Vec<&str> = chain[at..]
                    .iter()
                    .map(|&p| self.list[p].0.as_str())
                    .collect();
                names.push(&self.list[next].0);
                return Err(usage(format!(
                    "the presets {} refer to each other in a loop",
                    names.join(" → ")
                )));
            }
            on_chain.insert(next, chain.len());
            chain.push(next);
        };
        let mut bot = base;
        for &p in chain.iter().rev() {
            let text = &self.list[p].1;
            bot = with_args(bot, split_call(text)?.1, text)?;
            self.bots[p] = Some(bot);
        }
        Ok(bot)
    }
}

/// `bot` with the parameters of `args` (from `text`, for messages) set.
pub fn with_args(mut bot: Bot, args: Option<&str>, text: &str) -> Result<Bot, Failure> {
    let err = usage;
    let mut seen = 0u32;
    for arg in args.into_iter().flat_map(|a| a.split(',')) {
        if arg.trim().is_empty() {
            continue;
        }
        let (key, value) = arg
            .split_once('=')
            .ok_or_else(|| err(format!("`{arg}` in `{text}` is not NAME=VALUE")))?;
        let (key, value) = (key.trim(), value.trim());
        let params = bot.kind.params;
        let Some(i) = params.iter().position(|p| p.name == key) else {
            let known: Vec<&str> = params.iter().map(|p| p.name).collect();
            return Err(err(format!(
                "`{}` has no parameter `{key}`; its parameters: {}",
                bot.kind.name,
                if known.is_empty() {
                    "none".to_string()
                } else {
                    known.join(", ")
                }
            )));
        };
        if seen & (1 << i) != 0 {
            return Err(err(format!("`{text}` sets {key} twice")));
        }
        seen |= 1 << i;
        let p = params[i];
        bot.params[i] = p.read(value).ok_or_else(|| {
            err(format!(
                "{}: `{key}={value}`: {key} is {}",
                bot.kind.name,
                p.range()
            ))
        })?;
    }
    Ok(bot)
}

/// `whisker bots`: every bot of a game, its roles, and its parameters with defaults and
/// meaning; then the config's presets.
pub fn listing(kinds: &[Kind], presets: &[(String, String)]) -> String {
    let mut out = String::new();
    for k in kinds {
        let _ = writeln!(out, "  {:8} {}", k.name, k.about);
        if !k.roles.is_empty() {
            let _ = writeln!(out, "           plays: {}", k.roles.join(", "));
        }
        for p in k.params {
            let _ = writeln!(
                out,
                "           {}={} ({}): {}",
                p.name,
                p.show(p.default),
                if p.names.is_empty() {
                    format!("{} to {}", p.min, p.max)
                } else {
                    p.names.join(", ")
                },
                p.about
            );
        }
    }
    if !presets.is_empty() {
        let _ = writeln!(out, "\n  presets in the config's [bots] table:");
        for (name, text) in presets {
            let _ = writeln!(out, "  {name:8} = {text}");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const KINDS: &[Kind] = &[
        Kind {
            name: "random",
            about: "uniform",
            params: &[],
            roles: &[],
            searches: false,
        },
        Kind {
            name: "greedy",
            about: "one step",
            params: &[
                Param {
                    name: "max_bet",
                    default: 3,
                    min: 0,
                    max: 40,
                    about: "largest bet",
                    names: &[],
                },
                Param {
                    name: "swing",
                    default: 10,
                    min: 0,
                    max: 100,
                    about: "caution",
                    names: &[],
                },
            ],
            roles: &[],
            searches: false,
        },
    ];

    #[test]
    fn lists_split_outside_parentheses() {
        assert_eq!(
            split("greedy(max_bet=2,swing=0), random"),
            ["greedy(max_bet=2,swing=0)", "random"]
        );
        assert_eq!(split("random"), ["random"]);
    }

    #[test]
    fn parameters_are_read_checked_and_written_back() {
        let b = parse("greedy(max_bet=2)", KINDS, &[]).unwrap();
        assert!(b.is(&KINDS[1]));
        assert_eq!(
            (b.value(&KINDS[1].params[0]), b.value(&KINDS[1].params[1])),
            (2, 10)
        );
        assert_eq!(b.label(), "greedy(max_bet=2)");
        assert_eq!(parse("greedy", KINDS, &[]).unwrap().label(), "greedy");
        // Setting a default is the default bot.
        assert_eq!(
            parse("greedy(max_bet=3)", KINDS, &[]).unwrap(),
            parse("greedy", KINDS, &[]).unwrap()
        );
        for (bad, says) in [
            (
                "greedy(max_bet=99)",
                "max_bet is a whole number from 0 to 40",
            ),
            (
                "greedy(maxbet=2)",
                "`greedy` has no parameter `maxbet`; its parameters: max_bet, swing",
            ),
            ("random(x=1)", "its parameters: none"),
            ("greedy(max_bet)", "is not NAME=VALUE"),
            ("greedy(max_bet=2", "ends with `)`"),
            ("clever", "unknown bot `clever`; known: random, greedy"),
        ] {
            let e = parse(bad, KINDS, &[]).unwrap_err().to_string();
            assert!(e.contains(says), "{bad}: {e}");
        }
    }

    #[test]
    fn presets_name_tuned_bots() {
        let presets = vec![
            ("cautious".to_string(), "greedy(max_bet=1)".to_string()),
            ("timid".to_string(), "cautious(swing=50)".to_string()),
            ("loop".to_string(), "loop".to_string()),
            ("y".to_string(), "z(swing=50)".to_string()),
            ("z".to_string(), "cunning".to_string()),
        ];
        let b = parse("timid", KINDS, &presets).unwrap();
        assert_eq!(b.label(), "greedy(max_bet=1,swing=50)");
        let b = parse("cautious(max_bet=0)", KINDS, &presets).unwrap();
        assert_eq!(b.value(&KINDS[1].params[0]), 0);
        let e = parse("loop", KINDS, &presets).unwrap_err().to_string();
        assert!(e.contains("refer to each other in a loop"), "{e}");
        let e = parse("greedy(max_bet=1,max_bet=2)", KINDS, &[])
            .unwrap_err()
            .to_string();
        assert!(e.contains("sets max_bet twice"), "{e}");
        let e = parse("bold", KINDS, &presets).unwrap_err().to_string();
        assert!(
            e.contains("known: random, greedy, cautious, timid, loop, y, z ("),
            "{e}"
        );
        // A preset's unknown bot is told the bots it could name: not itself, nor the presets
        // that lead to it.
        let e = parse("y", KINDS, &presets).unwrap_err().to_string();
        assert!(
            e.contains("unknown bot `cunning`; known: random, greedy, cautious, timid, loop ("),
            "{e}"
        );
    }
}
