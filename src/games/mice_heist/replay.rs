//! `whisker replay` for both editions: one game, turn by turn, told from the engine's own events
//! and from what changed on the table between turns.

use serde_json::{Value, json};

use super::Observer;
use super::jobs::JobState;
use super::parts::{ChipTable, Effect, EffectKind, Icon};
use crate::core::game::{seat_name, seat_number};
use crate::games::{Event, MAX_SEATS, Outcome};

/// A chip a skill's effects moved, as it happened: its kind and the face up after.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moved {
    Drawn(u8, bool),
    Flipped(u8, bool),
    SetAside(u8, bool),
}

impl Moved {
    /// How it moved, as JSON names it; its kind; the face up after.
    fn parts(self) -> (&'static str, u8, bool) {
        match self {
            Self::Drawn(k, high) => ("drawn", k, high),
            Self::SetAside(k, high) => ("set_aside", k, high),
            Self::Flipped(k, high) => ("flipped", k, high),
        }
    }
}

/// A chip of kind `k` showing its `high` (or low) face: its name and the face's value.
fn shown(chips: &ChipTable, k: u8, high: bool) -> (&str, i8) {
    let kind = chips.kinds[k as usize];
    (
        chips.names[k as usize].as_str(),
        if high { kind.high } else { kind.low },
    )
}

/// "orange -1", as every chip is told.
fn chip_text(chips: &ChipTable, k: u8, high: bool) -> String {
    let (name, value) = shown(chips, k, high);
    format!("{name} {value:+}")
}

/// What one turn's observer saw.
#[derive(Default)]
pub struct Recorder {
    /// The chips drawn before any skill: the test's own draw.
    pub chips: Vec<(u8, bool)>,
    /// Each skill activated (or card played), with the chips its effects moved.
    pub cards: Vec<(u8, Vec<Moved>)>,
    pub learned: Vec<u8>,
    pub bets: Vec<(usize, u8)>,
    pub total: Option<(i32, i32)>,
    pub assist: Option<u8>,
}

impl Recorder {
    /// The chips moved by the skill activated last, while the test is still open.
    fn moving(&mut self) -> Option<&mut Vec<Moved>> {
        if self.total.is_some() {
            return None;
        }
        self.cards.last_mut().map(|(_, moved)| moved)
    }
}

impl Observer for Recorder {
    fn chip_drawn(&mut self, kind: u8, high: bool) {
        match self.moving() {
            Some(moved) => moved.push(Moved::Drawn(kind, high)),
            None => self.chips.push((kind, high)),
        }
    }
    fn chip_flipped(&mut self, kind: u8, high: bool) {
        if let Some(moved) = self.moving() {
            moved.push(Moved::Flipped(kind, high));
        }
    }
    fn chip_set_aside(&mut self, kind: u8, high: bool) {
        if let Some(moved) = self.moving() {
            moved.push(Moved::SetAside(kind, high));
        }
    }
    fn skill_activated(&mut self, card: u8) {
        self.cards.push((card, Vec::new()));
    }
    fn skill_learned(&mut self, card: u8) {
        self.learned.push(card);
    }
    fn assist_resolved(&mut self, card: u8, _success: bool) {
        self.assist = Some(card);
    }
    fn bet(&mut self, seat: usize, amount: u8) {
        self.bets.push((seat, amount));
    }
    fn total(&mut self, total: i32, target: i32) {
        self.total = Some((total, target));
    }
}

/// Collects a game's events.
#[derive(Default)]
pub struct Story {
    pub events: Vec<Event>,
}

impl Story {
    pub fn say(&mut self, turn: u32, event: &'static str, text: String, data: Value) {
        self.events.push(Event::new(turn, event, text, data));
    }

    /// `seat` uses or gains a card: "seat 1 activates Focus (…)", with its effects in words.
    pub fn card(
        &mut self,
        turn: u32,
        event: &'static str,
        seat: usize,
        verb: &str,
        card: (&str, &[Effect]),
        data: Value,
    ) {
        let (name, effects) = card;
        let text = format!("{} {verb} {name} ({})", seat_name(seat), describe(effects));
        self.say(turn, event, text, data);
    }

    /// Adds to the last event (a skill's) the chips its effects moved, so the chips a reader
    /// adds up give the test's total: "…: sets aside orange -1, draws orange -2".
    pub fn chips_moved(&mut self, moved: &[Moved], chips: &ChipTable) {
        let Some(last) = self.events.last_mut() else {
            return;
        };
        if moved.is_empty() {
            return;
        }
        let said: Vec<String> = moved
            .iter()
            .map(|&m| match m {
                Moved::Drawn(k, high) => format!("draws {}", chip_text(chips, k, high)),
                Moved::SetAside(k, high) => format!("sets aside {}", chip_text(chips, k, high)),
                Moved::Flipped(k, high) => format!(
                    "flips {} to {:+}",
                    chip_text(chips, k, !high),
                    shown(chips, k, high).1
                ),
            })
            .collect();
        let data: Vec<Value> = moved
            .iter()
            .map(|&m| {
                let (how, k, high) = m.parts();
                let (name, value) = shown(chips, k, high);
                json!({"chip": name, "how": how, "value": value})
            })
            .collect();
        last.text += &format!(": {}", said.join(", "));
        last.data.insert("chips".into(), Value::Array(data));
    }

    /// The parts every edition's turn shares: bets, chips drawn, the result.
    pub fn turn(&mut self, turn: u32, rec: &Recorder, chips: &ChipTable, unit: &str) {
        if !rec.bets.is_empty() {
            let text = rec
                .bets
                .iter()
                .map(|&(s, b)| {
                    if b == 0 {
                        format!("{} abstains", seat_name(s))
                    } else {
                        format!("{} bets {b} {unit}", seat_name(s))
                    }
                })
                .collect::<Vec<_>>()
                .join(", ");
            let bets: Vec<Value> = rec
                .bets
                .iter()
                .map(|&(s, b)| json!({"seat": s, "amount": b}))
                .collect();
            self.say(turn, "bets", text, json!({ "bets": bets }));
        }
        let drawn: Vec<Value> = rec
            .chips
            .iter()
            .map(|&(k, high)| {
                let (name, value) = shown(chips, k, high);
                json!({"chip": name, "face": if high { "high" } else { "low" }, "value": value})
            })
            .collect();
        let text = rec
            .chips
            .iter()
            .map(|&(k, high)| chip_text(chips, k, high))
            .collect::<Vec<_>>()
            .join(", ");
        self.say(
            turn,
            "chips",
            format!("draws {text}"),
            json!({ "chips": drawn }),
        );
    }

    pub fn result(&mut self, turn: u32, rec: &Recorder) {
        if let Some((total, target)) = rec.total {
            let success = total >= target;
            let word = if success { "success" } else { "failure" };
            self.say(
                turn,
                "result",
                format!("total {total} against {target}: {word}"),
                json!({"total": total, "target": target, "success": success}),
            );
        }
    }

    /// Track moves and obstacles leaving play, from the jobs before and after a turn.
    pub fn jobs(
        &mut self,
        turn: u32,
        before: &[JobState],
        after: &[JobState],
        ids: &[&str],
        sizes: &[usize],
    ) {
        for (i, (b, a)) in before.iter().zip(after).enumerate() {
            let moves: Vec<(usize, u8, u8)> = (0..MAX_SEATS)
                .map(|s| (s, b.track.position(s), a.track.position(s)))
                .filter(|(_, x, y)| x != y)
                .collect();
            if !moves.is_empty() {
                let (text, data) = changed(&moves);
                self.say(
                    turn,
                    "track",
                    format!("job {} track: {}", ids[i], text.join(", ")),
                    json!({"job": ids[i], "moves": data}),
                );
            }
            if a.next != b.next {
                let gone = format!("{}{}", ids[i], b.next + 1);
                let text = if a.next as usize >= sizes[i] {
                    format!("{gone} leaves play: job {} is complete", ids[i])
                } else {
                    format!("{gone} leaves play; {}{} is revealed", ids[i], a.next + 1)
                };
                self.say(
                    turn,
                    "obstacle",
                    text,
                    json!({"job": ids[i], "left": b.next, "next": a.next}),
                );
            }
        }
    }

    /// Cheese that changed hands this turn.
    pub fn cheese(&mut self, turn: u32, before: &[u8], after: &[u8], supply: (u8, u8)) {
        let changes: Vec<(usize, u8, u8)> = before
            .iter()
            .zip(after)
            .enumerate()
            .filter(|(_, (b, a))| b != a)
            .map(|(s, (b, a))| (s, *b, *a))
            .collect();
        if changes.is_empty() && supply.0 == supply.1 {
            return;
        }
        let (mut text, data) = changed(&changes);
        text.push(format!("supply {} → {}", supply.0, supply.1));
        self.say(
            turn,
            "cheese",
            format!("cheese: {}", text.join(", ")),
            json!({"players": data, "supply": supply.1}),
        );
    }

    /// The end: the outcome, matching the game's row of `games.csv`.
    /// The game's end: why, each seat's score as the food it claimed and the cheese it kept
    /// (`food`, by seat), and who won.
    pub fn end(&mut self, o: &Outcome, (players, food): (usize, &[i32]), ending: Option<&str>) {
        let scores = &o.scores[..players];
        let winners: Vec<usize> = (0..players).filter(|&s| o.won(s)).collect();
        let why = match (o.capped, ending) {
            (true, _) => "stopped by the turn cap".to_string(),
            (false, Some(job)) => format!("job {job} completed"),
            (false, None) => "ended".to_string(),
        };
        let text = format!(
            "game over after {} tests ({why}); scores {}; {} {}",
            o.turns,
            scores
                .iter()
                .zip(food)
                .map(|(s, f)| format!("{s} ({f} food + {} cheese)", s - f))
                .collect::<Vec<_>>()
                .join(", "),
            if winners.len() > 1 {
                "shared by seats"
            } else {
                "won by seat"
            },
            // Counted from 1 in the text, as everywhere people read; the JSON keeps the index.
            winners
                .iter()
                .map(|&s| seat_number(s).to_string())
                .collect::<Vec<_>>()
                .join(" and "),
        );
        self.say(
            o.turns,
            "end",
            text,
            json!({"turns": o.turns, "capped": o.capped, "ending_job": ending.unwrap_or(""), "scores": scores, "food": food, "winners": winners}),
        );
    }
}

/// A card's effects in words.
pub fn describe(effects: &[Effect]) -> String {
    effects
        .iter()
        .map(|e| {
            let what = match e.kind {
                EffectKind::Modifier => format!("{:+}", e.value),
                EffectKind::Flip => "flip a chip".into(),
                EffectKind::Draw => format!("draw {}", e.value),
                EffectKind::Replace => "replace a chip".into(),
                EffectKind::Track => format!("track {:+}", e.value),
                EffectKind::Cheese => format!("cheese {:+}", e.value),
            };
            match icon_name(e.icon) {
                Some(icon) => format!("{what} on {icon}"),
                None => what,
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The name of a single icon bit.
pub fn icon_name(bit: u8) -> Option<&'static str> {
    [
        (Icon::Agility, "agility"),
        (Icon::Charm, "charm"),
        (Icon::Dexterity, "dexterity"),
    ]
    .into_iter()
    .find(|(i, _)| i.bit() == bit)
    .map(|(_, n)| n)
}

/// The names of the icons in a bit set.
pub fn icons(bits: u8) -> String {
    (0..3)
        .filter(|i| bits & (1 << i) != 0)
        .filter_map(|i| icon_name(1 << i))
        .collect::<Vec<_>>()
        .join(" + ")
}

/// Seats' values that changed, as `(seat, from, to)`: each in words (`seat 2 3 → 5`) and as
/// data.
fn changed(changes: &[(usize, u8, u8)]) -> (Vec<String>, Vec<Value>) {
    let text = changes
        .iter()
        .map(|(s, from, to)| format!("{} {from} → {to}", seat_name(*s)))
        .collect();
    let data = changes
        .iter()
        .map(|(s, from, to)| json!({"seat": s, "from": from, "to": to}))
        .collect();
    (text, data)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(scores: [i32; 4], winners: u8) -> Outcome {
        let mut o = Outcome {
            turns: 15,
            capped: false,
            scores: [0; MAX_SEATS],
            winners,
            ending: Some(1),
            values: Default::default(),
        };
        o.scores[..4].copy_from_slice(&scores);
        o
    }

    /// The text counts seats from 1, as every page does; the JSON keeps the index.
    #[test]
    fn the_end_names_the_winners_counting_from_one() {
        let mut story = Story::default();
        story.end(
            &outcome([22, 35, 40, 21], 0b0100),
            (4, &[12, 30, 36, 21]),
            Some("B"),
        );
        story.end(&outcome([30, 12, 30, 9], 0b0101), (4, &[0; 4]), None);
        let [won, shared] = [&story.events[0], &story.events[1]];
        assert_eq!(
            won.text,
            "game over after 15 tests (job B completed); scores 22 (12 food + 10 cheese), 35 (30 food + 5 cheese), 40 (36 food + 4 cheese), 21 (21 food + 0 cheese); won by seat 3"
        );
        assert_eq!(won.data["winners"], json!([2]));
        assert!(
            shared.text.ends_with("; shared by seats 1 and 3"),
            "{}",
            shared.text
        );
    }
}
