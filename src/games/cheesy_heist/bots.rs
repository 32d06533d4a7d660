//! `sly`, Cheesy Heist's heuristic bot. It decides from its own hand and what every player
//! saw: card counts, the cards played face up, and the hands Mirage sets showed since the last
//! scramble. From those it estimates how much Cheese each player holds.

use arrayvec::ArrayVec;

use super::config::{CAT, CHEESE, DECOY, GIFT, GRATER, Rules, THIEF, VAULT};
use super::engine::{Action, Cards, Decision, Engine, NONE, Public, View};
use crate::bots::{Bot, Kind, Param};
use crate::game::{MAX_SEATS, Seat, others};
use crate::play::{Options, Seen};
use crate::rng::{Dice, GameRng};

pub const SLY: Kind = Kind {
    name: "sly",
    about: "estimates each player's Cheese from what everyone saw (hand sizes, cards played, hands a Mirage showed), gives its Cats away, steals from the richest hand, grates a leader near the goal, plays a Cat when the scramble should pay, and spends Defence cards only to protect Cheese",
    params: &[
        Param {
            name: "cat_margin",
            default: 5,
            min: -50,
            max: 50,
            about: "how much more Cheese, in tenths of a card, it must expect from a scramble than it holds before it plays a Cat",
        },
        Param {
            name: "grater_at",
            default: 2,
            min: 0,
            max: 10,
            about: "how few Cheese short of the goal the leader must be before it grates the leader's hand",
        },
        Param {
            name: "defend_from",
            default: 1,
            min: 0,
            max: 10,
            about: "the least Cheese in hand for which it plays a Cheese Vault or a Decoy",
        },
    ],
    roles: &[],
};

/// What the bot reckons of the table.
struct Estimate {
    /// Each player's expected Cheese.
    cheese: [f32; MAX_SEATS],
    /// The chance that a card it cannot see is a Cheese, and a Cat.
    cheese_rate: f32,
    cat_rate: f32,
}

/// A shown hand still worth knowing: shown since the last scramble.
fn shown(public: &Public, s: Seat) -> Option<&Cards> {
    let (turn, cards) = public.shown[s].as_ref()?;
    let fresh = public.scrambled_at.is_none_or(|at| *turn > at);
    fresh.then_some(cards)
}

impl Estimate {
    fn new(view: &View) -> Self {
        let (rules, p) = (view.rules, view.public);
        let n = rules.players;
        // Cards it cannot see, and how many of those are Cheese and Cats: every card less its
        // hand, the face-up ones and the shown hands.
        let mut unseen_cards = 0u32;
        let (mut cheese, mut cats) = (
            u32::from(rules.counts[usize::from(CHEESE)]),
            u32::from(rules.counts[usize::from(CAT)]),
        );
        cheese -= u32::from(view.hand[usize::from(CHEESE)]);
        cats -= u32::from(view.hand[usize::from(CAT)]) + u32::from(p.discard[usize::from(CAT)]);
        unseen_cards += u32::from(p.pile);
        for s in (0..n).filter(|&s| s != view.me) {
            match shown(p, s) {
                Some(c) => {
                    cheese = cheese.saturating_sub(u32::from(c[usize::from(CHEESE)]));
                    cats = cats.saturating_sub(u32::from(c[usize::from(CAT)]));
                }
                None => unseen_cards += u32::from(p.hand[s]),
            }
            unseen_cards += u32::from(p.dropped[s]);
        }
        unseen_cards += u32::from(p.dropped[view.me]);
        let rate = |k: u32| {
            if unseen_cards == 0 {
                0.0
            } else {
                k as f32 / unseen_cards as f32
            }
        };
        let (cheese_rate, cat_rate) = (rate(cheese), rate(cats));
        let mut est = [0.0; MAX_SEATS];
        for (s, e) in est.iter_mut().enumerate().take(n) {
            *e = if s == view.me {
                f32::from(view.hand[usize::from(CHEESE)])
            } else {
                match shown(p, s) {
                    Some(c) => f32::from(c[usize::from(CHEESE)]),
                    None => f32::from(p.hand[s]) * cheese_rate,
                }
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
pub fn sly(bot: &Bot, seen: &Seen<Engine>, rng: &mut GameRng) -> Action {
    let view = seen.view();
    let (rules, p, me, hand) = (view.rules, view.public, view.me, view.hand);
    let has = |k: u8| hand[usize::from(k)] > 0;
    let est = Estimate::new(&view);
    let mine = f32::from(hand[usize::from(CHEESE)]);
    match view.asked.expect("asked") {
        Decision::Turn => {
            let leader = est.leader(rules, me);
            let with_cards = |s: Seat| p.hand[s] > 0;
            if has(GIFT) && has(CAT) {
                return Action::Gift(leader as u8);
            }
            // A Mirage set has no other use: show the largest hand no one has seen.
            let unseen_hand = |a: &Action| match a {
                Action::Mirage { target, .. } if shown(p, usize::from(*target)).is_none() => {
                    Some(p.hand[usize::from(*target)])
                }
                _ => None,
            };
            // Listed once: asking for option k by k would walk the list again each time.
            let mut options = Options::new();
            seen.options(&mut options);
            if let Some(&set) = options
                .iter()
                .filter(|a| unseen_hand(a).is_some())
                .max_by_key(|a| unseen_hand(a))
            {
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
            if has(GRATER) && with_cards(leader) && short <= bot.param("grater_at") as f32 {
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
                let margin = bot.param("cat_margin") as f32 / 10.0;
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
            let enough = mine >= bot.param("defend_from") as f32;
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
            // A pile whose owner showed its hand since the scramble began is known; any
            // other holds cards like every card it cannot see.
            let value = |s: Seat| match shown(p, s) {
                // Its own pile it dropped itself.
                _ if s == me => {
                    let d = view.drop;
                    let n = d.iter().map(|&x| f32::from(x)).sum::<f32>().max(1.0);
                    (f32::from(d[usize::from(CHEESE)]) - f32::from(d[usize::from(CAT)])) / n
                }
                Some(c) => {
                    let n = c.iter().map(|&x| f32::from(x)).sum::<f32>().max(1.0);
                    (f32::from(c[usize::from(CHEESE)]) - f32::from(c[usize::from(CAT)])) / n
                }
                None => est.cheese_rate - est.cat_rate,
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
    use crate::games::cheesy_heist::KINDS;
    use crate::games::cheesy_heist::engine::table;
    use crate::games::cheesy_heist::tests::rules_with;
    use crate::play::Decisions;
    use crate::rng::game_rng;

    fn decide(g: &Engine) -> Action {
        let seat = g.to_move().unwrap();
        sly(&Bot::of(KINDS, 1), &Seen::new(g, seat), &mut game_rng(1))
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
        let mut shown = [0; super::super::config::MAX_KINDS];
        shown[usize::from(CHEESE)] = 4;
        g.set_shown(2, shown);
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
