//! `sly`, Cheesy Heist's heuristic bot. It decides from its own hand, the card counts, the cards
//! played face up, and what its seat knows for sure of each hand and dropped pile (what Mirage
//! sets showed, the cards it stole, grated or took, the Cats given; see [`Known`](super::engine::Known)). From those it
//! estimates how much Cheese each player holds.

use arrayvec::ArrayVec;

use super::config::{CAT, CHEESE, DECOY, GIFT, GRATER, Rules, THIEF, VAULT};
use super::engine::{Action, Cards, Decision, Engine, NONE, View, mirage_sets};
use crate::bots::Own;
use crate::core::game::{MAX_SEATS, Seat, others};
use crate::core::lineup::{Bot, Kind, Param};
use crate::core::play::{Decider, Options, Seen};
use crate::core::rng::{Dice, GameRng};

// `cat_margin` and `grater_at` were chosen (a grid of 60 settings of the three parameters,
// 20,000 games each) so that `sly`'s games at the defaults are as long, and end as, the strength
// reference's: playing a Cat even when the scramble should give it 2 Cheese fewer than it holds,
// and grating a leader from 5 Cheese short, it rates 33 Elo above the earlier 5 and 2
// (docs/strength.md).
const CAT_MARGIN: Param = Param {
    name: "cat_margin",
    default: -20,
    min: -50,
    max: 50,
    about: "how much more Cheese, in tenths of a card, it must expect from a scramble than it holds before it plays a Cat",
    names: &[],
};

const GRATER_AT: Param = Param {
    name: "grater_at",
    default: 5,
    min: 0,
    max: 10,
    about: "how few Cheese short of the goal the leader must be before it grates the leader's hand",
    names: &[],
};

const DEFEND_FROM: Param = Param {
    name: "defend_from",
    default: 1,
    min: 0,
    max: 10,
    about: "the least Cheese in hand for which it plays a Cheese Vault or a Decoy",
    names: &[],
};

pub const SLY: Kind = Kind {
    name: "sly",
    about: "estimates each player's Cheese from what everyone saw (hand sizes, cards played, hands a Mirage showed), gives its Cats away, steals from the richest hand, grates a leader near the goal, plays a Cat when the scramble should pay, and spends Defence cards only to protect Cheese",
    params: &[CAT_MARGIN, GRATER_AT, DEFEND_FROM],
    roles: &[],
    searches: false,
};

/// `sly` with its parameters' values.
#[derive(Clone, Copy, Debug)]
pub struct Sly {
    /// How much more Cheese, in cards, it must expect from a scramble before it plays a Cat.
    cat_margin: f32,
    /// How few Cheese short of the goal the leader must be before it grates the leader's hand.
    grater_at: f32,
    /// The least Cheese in hand for which it plays a Cheese Vault or a Decoy.
    defend_from: f32,
}

impl Own for Sly {
    fn of(bot: &Bot) -> Self {
        Self {
            cat_margin: bot.value(&CAT_MARGIN) as f32 / 10.0,
            grater_at: bot.value(&GRATER_AT) as f32,
            defend_from: bot.value(&DEFEND_FROM) as f32,
        }
    }

    fn heuristic(_: Seat) -> Self {
        Self::of(&Bot::new(&SLY))
    }
}

impl Decider<Engine<'_>> for Sly {
    type Memory = ();

    fn decide(&self, seen: &Seen<Engine>, _: &mut (), rng: &mut GameRng) -> Action {
        sly(self, seen, rng)
    }
}

/// What the bot reckons of the table.
struct CheeseEstimate {
    /// Each player's expected Cheese.
    cheese: [f32; MAX_SEATS],
    /// The chance that a card it knows nothing of is a Cheese, and a Cat.
    cheese_rate: f32,
    cat_rate: f32,
}

/// How many cards of a place of `size` cards the bot knows nothing of.
fn unknown(size: u8, sure: &Cards) -> f32 {
    // Summed as integers (exact, as the float sum of small counts is), so it can be vectorised.
    f32::from(size) - sure.iter().map(|&n| u16::from(n)).sum::<u16>() as f32
}

impl CheeseEstimate {
    fn new(view: &View) -> Self {
        let (rules, p, known) = (view.rules, view.public, view.known);
        let n = rules.players;
        // The cards it knows nothing of (the draw pile, and what it does not know of each hand
        // and pile), and how many of those are Cheese and Cats: every card less its hand, the
        // face-up ones and those it knows where they are.
        let (c, k) = (usize::from(CHEESE), usize::from(CAT));
        let (mut cheese, mut cats) = (f32::from(rules.counts[c]), f32::from(rules.counts[k]));
        cheese -= f32::from(view.hand[c]);
        cats -= f32::from(view.hand[k]) + f32::from(p.discard[k]);
        let mut unseen = f32::from(p.pile);
        for s in 0..n {
            let places = (s != view.me).then_some((p.hand[s], &known.hands[s]));
            for (size, sure) in places.into_iter().chain([(p.dropped[s], &known.drops[s])]) {
                cheese -= f32::from(sure[c]);
                cats -= f32::from(sure[k]);
                unseen += unknown(size, sure);
            }
        }
        let rate = |x: f32| if unseen > 0.0 { x / unseen } else { 0.0 };
        let (cheese_rate, cat_rate) = (rate(cheese), rate(cats));
        let mut est = [0.0; MAX_SEATS];
        for (s, e) in est.iter_mut().enumerate().take(n) {
            *e = if s == view.me {
                f32::from(view.hand[c])
            } else {
                let sure = &known.hands[s];
                f32::from(sure[c]) + unknown(p.hand[s], sure) * cheese_rate
            };
        }
        Self {
            cheese: est,
            cheese_rate,
            cat_rate,
        }
    }

    /// The other player with the most expected Cheese (the first from its left on a tie).
    fn leader(&self, rules: &Rules, me: Seat) -> Seat {
        others(me, rules.players)
            .fold(None, |best: Option<Seat>, s| match best {
                Some(b) if self.cheese[b] >= self.cheese[s] => Some(b),
                _ => Some(s),
            })
            .expect("another player")
    }
}

/// The `sly` bot's decision.
pub fn sly(bot: &Sly, seen: &Seen<Engine>, rng: &mut GameRng) -> Action {
    let view = seen.view();
    let (rules, p, me, hand) = (view.rules, view.public, view.me, view.hand);
    let has = |k: u8| hand[usize::from(k)] > 0;
    let est = CheeseEstimate::new(&view);
    let mine = f32::from(hand[usize::from(CHEESE)]);
    match view.asked.expect("asked") {
        Decision::Turn => {
            let leader = est.leader(rules, me);
            let with_cards = |s: Seat| p.hand[s] > 0;
            if has(GIFT) && has(CAT) {
                return Action::Gift(leader as u8);
            }
            // A Mirage set has no other use: show the hand it knows least of (the last such
            // option, in the order the engine lists them).
            let mut show = None;
            for kinds in mirage_sets(rules, hand) {
                for t in others(me, rules.players) {
                    let left = unknown(p.hand[t], &view.known.hands[t]);
                    if left > 0.0 && show.is_none_or(|(most, _)| left as u8 >= most) {
                        let target = t as u8;
                        show = Some((left as u8, Action::Mirage { kinds, target }));
                    }
                }
            }
            if let Some((_, set)) = show {
                return set;
            }
            let richest = others(me, rules.players)
                .filter(|&s| with_cards(s))
                .max_by(|&a, &b| {
                    let density = |s: Seat| est.cheese[s] / f32::from(p.hand[s]);
                    density(a).total_cmp(&density(b))
                });
            if has(THIEF)
                && let Some(t) = richest
            {
                return Action::Thief(t as u8);
            }
            let short = f32::from(rules.goal) - est.cheese[leader];
            if has(GRATER) && with_cards(leader) && short <= bot.grater_at {
                return Action::Grater(leader as u8);
            }
            if has(CAT) {
                // A scramble deals everyone about an even share of the Cheese and the Cats
                // in hand (less the Cat played): worth it when that share beats its hand.
                let n = rules.players as f32;
                let all: f32 = est.cheese[..rules.players].iter().sum();
                let cards: f32 = p.hand[..rules.players].iter().map(|&c| f32::from(c)).sum();
                let cats = f32::from(hand[usize::from(CAT)]) - 1.0
                    + (cards - f32::from(p.hand[me])) * est.cat_rate;
                let gain =
                    (all / n - mine) - (cats / n - (f32::from(hand[usize::from(CAT)]) - 1.0));
                let margin = bot.cat_margin;
                let threat = f32::from(rules.goal) - est.cheese[leader] <= 1.0;
                if gain >= margin || threat {
                    return Action::Cat;
                }
            }
            Action::Draw
        }
        Decision::Defend => {
            let (cat_player, _) = p.scramble.expect("a scramble");
            let all: f32 = est.cheese[..rules.players].iter().sum();
            let share = all / rules.players as f32;
            let enough = mine >= bot.defend_from;
            let keeps = rules.vault_keeps as f32;
            let vault = has(VAULT) && p.vaulted & 1 << me == 0;
            // Its own Cat it wants to scramble; a Decoy would undo it.
            let decoy = has(DECOY) && cat_player != me && mine > share;
            if enough && vault && mine <= keeps {
                Action::Vault
            } else if enough && decoy {
                Action::Decoy
            } else if enough && vault {
                Action::Vault
            } else {
                Action::Pass
            }
        }
        Decision::Keep => {
            let worth = |k: u8| match k {
                NONE => 0,
                CHEESE => 10,
                VAULT | DECOY => 6,
                GIFT | THIEF => 4,
                GRATER => 3,
                CAT => -10,
                _ => 1,
            };
            let mut best = (i32::MIN, Action::Pass);
            let mut options = Options::new();
            seen.options(&mut options);
            for &a in &options {
                if let Action::Keep(kinds) = a {
                    let w = kinds.iter().map(|&k| worth(k)).sum();
                    if w > best.0 {
                        best = (w, a);
                    }
                }
            }
            best.1
        }
        Decision::Take => {
            // What it knows of a pile, and its expectation for the rest.
            let value = |s: Seat| {
                let sure = &view.known.drops[s];
                let left = unknown(p.dropped[s], sure);
                let (c, k) = (usize::from(CHEESE), usize::from(CAT));
                let cheese = f32::from(sure[c]) + left * est.cheese_rate;
                let cats = f32::from(sure[k]) + left * est.cat_rate;
                (cheese - cats) / f32::from(p.dropped[s])
            };
            let piles: ArrayVec<Seat, MAX_SEATS> =
                (0..rules.players).filter(|&s| p.dropped[s] > 0).collect();
            let top = piles.iter().map(|&s| value(s)).fold(f32::MIN, f32::max);
            let best: ArrayVec<Seat, MAX_SEATS> =
                piles.iter().copied().filter(|&s| value(s) >= top).collect();
            Action::Take(best[rng.below(best.len() as u32) as usize] as u8)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::play::Decisions;
    use crate::core::rng::game_rng;
    use crate::games::cheesy_heist::engine::table;
    use crate::games::cheesy_heist::tests::rules_with;

    fn decide(g: &Engine) -> Action {
        let seat = g.to_move().unwrap();
        sly(&Sly::heuristic(seat), &Seen::new(g, seat), &mut game_rng(1))
    }

    #[test]
    fn sly_gives_its_cat_to_the_leader_and_steals_from_the_richest_hand() {
        let rules = rules_with(&[], 3);
        // Seat 2 showed four Cheese: it leads, and its hand is the richest.
        let mut g = table(
            &rules,
            &[
                &[(CAT, 1), (GIFT, 1), (THIEF, 1)],
                &[(GRATER, 3)],
                &[(CHEESE, 4)],
            ],
        );
        g.show(2);
        assert_eq!(decide(&g), Action::Gift(2));
        g.play(Action::Gift(2));
        assert_eq!(decide(&g), Action::Thief(2));
    }

    #[test]
    fn sly_vaults_its_cheese_keeps_the_best_cards_and_takes_back_its_own() {
        let rules = rules_with(&[], 3);
        let mut g = table(
            &rules,
            &[
                &[(CAT, 1)],
                &[(VAULT, 1), (CHEESE, 2), (CAT, 2), (THIEF, 1)],
                &[(GRATER, 1)],
            ],
        );
        g.play(Action::Cat);
        assert_eq!(decide(&g), Action::Vault);
        g.play(Action::Vault);
        // Two Cheese and the Thief; never a Cat.
        assert_eq!(decide(&g), Action::Keep([CHEESE, CHEESE, THIEF]));
        g.play(Action::Keep([CHEESE, CHEESE, THIEF]));
        // Seat 1 dropped its two Cats: it takes from the Grater's pile, seat 2's.
        while g.to_move() != Some(1) {
            let a = decide(&g);
            g.play(a);
        }
        assert_eq!(decide(&g), Action::Take(2));
    }
}
