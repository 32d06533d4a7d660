//! A job's contribution track: one marker per seat on numbered spaces, at most one marker a space.

use arrayvec::ArrayVec;

use crate::games::{MAX_SEATS, Seat};

/// Marker positions; 0 is off the track, spaces are numbered 1..=length.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Track {
    pos: [u8; MAX_SEATS],
    /// The spaces markers stand on, bit `n` for space `n` (validation keeps tracks under 64
    /// spaces; bit 0 stays clear). Kept beside `pos` because the bots ask for places and
    /// landings many times a turn, and a bit count answers both.
    occupied: u64,
}

/// What an increase did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Climb {
    /// Moved to this space (possibly where it already was, when every space ahead is taken).
    To(u8),
    /// Already on the final space: the rules pay a cheese instead.
    AtEnd,
}

impl Track {
    pub fn position(&self, seat: Seat) -> u8 {
        self.pos[seat]
    }

    /// Places a marker directly; for setting up positions in tests and replays.
    pub fn set(&mut self, seat: Seat, space: u8) {
        self.occupied &= !(1 << self.pos[seat]);
        self.pos[seat] = space;
        self.occupied |= (1 << space) & !1;
    }

    /// The spaces other markers stand on, as in `occupied`.
    fn taken_by_others(&self, seat: Seat) -> u64 {
        self.occupied & !(1 << self.pos[seat])
    }

    /// Moves `seat` up `steps` spaces on a track of `length` spaces.
    ///
    /// Off the track, counting starts at the first space (+1 lands on space 1). A taken landing
    /// space moves the marker on to the next free one; past the end it lands on the highest free
    /// space, never behind where it stood (its own space counts as free to it).
    pub fn climb(&mut self, seat: Seat, steps: u8, length: u8) -> Climb {
        let landing = self.landing(seat, steps, length);
        if let Climb::To(space) = landing {
            self.set(seat, space);
        }
        landing
    }

    /// Where [`Track::climb`] would move `seat`, without moving it.
    pub fn landing(&self, seat: Seat, steps: u8, length: u8) -> Climb {
        let from = self.pos[seat];
        if steps == 0 {
            return Climb::To(from);
        }
        if from == length {
            return Climb::AtEnd;
        }
        let taken = self.taken_by_others(seat);
        let is_taken = |space: u8| taken >> space & 1 == 1;
        let mut space = from.saturating_add(steps).min(length);
        while space <= length && is_taken(space) {
            space += 1;
        }
        if space > length {
            space = length;
            while space > from && is_taken(space) {
                space -= 1;
            }
        }
        Climb::To(space)
    }

    /// Moves `seat` down `steps` spaces: a taken landing space moves it further down to the next
    /// free one, and with none free (or past the first space) the marker leaves the track.
    pub fn fall(&mut self, seat: Seat, steps: u8) {
        let from = self.pos[seat];
        if from == 0 || steps == 0 {
            return;
        }
        let taken = self.taken_by_others(seat);
        let mut space = from.saturating_sub(steps);
        while space > 0 && taken >> space & 1 == 1 {
            space -= 1;
        }
        self.set(seat, space);
    }

    /// Seats on the track, highest space first: the order food is claimed in.
    pub fn ranking(&self, players: usize) -> ArrayVec<Seat, MAX_SEATS> {
        let mut seats: ArrayVec<Seat, MAX_SEATS> =
            (0..players).filter(|&s| self.pos[s] > 0).collect();
        seats.sort_unstable_by(|a, b| self.pos[*b].cmp(&self.pos[*a]));
        seats
    }

    /// `seat`'s place in the food order (0 = first), if it is on the track.
    pub fn rank(&self, seat: Seat) -> Option<usize> {
        self.rank_at(seat, self.pos[seat])
    }

    /// `seat`'s place in the food order if it stood on `space` (0: off the track, no place): the
    /// other markers above it, which stand on distinct spaces.
    pub fn rank_at(&self, seat: Seat, space: u8) -> Option<usize> {
        // Two shifts, because `space + 1` may be 64.
        (space > 0).then(|| markers(self.taken_by_others(seat) >> space >> 1))
    }
}

/// The markers in a set of spaces. A track holds at most one marker a seat, so clearing them
/// one by one takes a few steps, where `count_ones` without a popcount instruction (the x86-64
/// baseline has none) takes some twenty, and the bots ask for places many times a decision.
fn markers(mut spaces: u64) -> usize {
    let mut n = 0;
    while spaces != 0 {
        spaces &= spaces - 1;
        n += 1;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_count_the_spaces_taken() {
        for spaces in [0, 1, 0b1011, 1 << 63, u64::MAX, 0x8000_0000_0000_0001] {
            assert_eq!(markers(spaces), spaces.count_ones() as usize, "{spaces:b}");
        }
    }

    /// A track of `length` with seats at the given spaces (0 = off).
    fn track(spaces: &[u8]) -> Track {
        let mut t = Track::default();
        for (s, &p) in spaces.iter().enumerate() {
            t.set(s, p);
        }
        t
    }

    /// Where seat 0 of a track with `spaces` lands after falling `steps`.
    fn fallen(spaces: &[u8], steps: u8) -> u8 {
        let mut t = track(spaces);
        t.fall(0, steps);
        t.position(0)
    }

    #[test]
    fn entering_counts_from_the_first_space() {
        let mut t = track(&[0, 0]);
        assert_eq!(t.climb(0, 1, 8), Climb::To(1));
        assert_eq!(t.climb(1, 3, 8), Climb::To(3));
    }

    #[test]
    fn taken_landing_moves_on_to_next_free() {
        // Seat 1 on 3, seat 2 on 4: seat 0 from 1 by +2 lands on 3, taken, 4 taken, so 5.
        let mut t = track(&[1, 3, 4]);
        assert_eq!(t.climb(0, 2, 8), Climb::To(5));
        // Entering onto a taken first space.
        let mut t = track(&[0, 1, 2]);
        assert_eq!(t.climb(0, 1, 8), Climb::To(3));
    }

    #[test]
    fn past_the_end_lands_on_the_highest_free_space() {
        let mut t = track(&[5, 0]);
        assert_eq!(t.climb(0, 9, 8), Climb::To(8));
        // The end is taken: land on the highest free space below it.
        let mut t = track(&[5, 8, 7]);
        assert_eq!(t.climb(0, 9, 8), Climb::To(6));
        // Taken landing with no free space above it.
        let mut t = track(&[4, 6, 7, 8]);
        assert_eq!(t.climb(0, 2, 8), Climb::To(5));
    }

    #[test]
    fn never_moves_back_when_everything_ahead_is_taken() {
        let mut t = track(&[6, 7, 8]);
        assert_eq!(t.climb(0, 1, 8), Climb::To(6));
        assert_eq!(t.position(0), 6);
    }

    #[test]
    fn already_at_the_end_pays_instead() {
        let mut t = track(&[8, 7]);
        assert_eq!(t.climb(0, 3, 8), Climb::AtEnd);
        assert_eq!(t.position(0), 8);
        // Reaching the end is not the same as being there.
        assert_eq!(t.climb(1, 5, 8), Climb::To(7));
    }

    #[test]
    fn zero_steps_do_nothing() {
        let mut t = track(&[3]);
        assert_eq!(t.climb(0, 0, 8), Climb::To(3));
        t.fall(0, 0);
        assert_eq!(t.position(0), 3);
    }

    #[test]
    fn falling_skips_taken_spaces_downwards() {
        assert_eq!(fallen(&[6, 4, 3], 2), 2);
        assert_eq!(fallen(&[6, 3], 2), 4);
    }

    #[test]
    fn falling_with_no_free_space_below_leaves_the_track() {
        assert_eq!(fallen(&[3, 2, 1], 1), 0);
        assert_eq!(fallen(&[2, 5], 4), 0);
        // Off the track stays off.
        assert_eq!(fallen(&[0], 1), 0);
    }

    #[test]
    fn ranking_is_highest_first_and_skips_the_off_track() {
        let t = track(&[2, 0, 7, 5]);
        assert_eq!(t.ranking(4).as_slice(), &[2, 3, 0]);
        assert_eq!(
            [0, 1, 2, 3].map(|s| t.rank(s)),
            [Some(2), None, Some(0), Some(1)]
        );
        // Where it would stand, counting everyone else as they are.
        assert_eq!(t.rank_at(0, 6), Some(1));
        assert_eq!(t.rank_at(2, 1), Some(2));
        assert_eq!(t.rank_at(1, 63), Some(0));
    }

    /// Every start position of up to three markers, every step count: markers never share a
    /// space, never leave 1..=length, climbs never move back and falls never move up.
    #[test]
    fn exhaustive_moves_keep_the_track_consistent() {
        const LEN: u8 = 6;
        for a in 0..=LEN {
            for b in 0..=LEN {
                for c in 0..=LEN {
                    let spaces = [a, b, c];
                    let on: Vec<u8> = spaces.iter().copied().filter(|&p| p > 0).collect();
                    let mut uniq = on.clone();
                    uniq.sort_unstable();
                    uniq.dedup();
                    if uniq.len() != on.len() {
                        continue;
                    }
                    for steps in 0..=LEN + 2 {
                        let mut up = track(&spaces);
                        let r = up.climb(0, steps, LEN);
                        check(&up, LEN);
                        let p = up.position(0);
                        match r {
                            Climb::AtEnd => assert!(a == LEN && steps > 0 && p == LEN),
                            Climb::To(s) => {
                                assert_eq!(s, p);
                                assert!(p >= a, "climb moved back: {spaces:?} +{steps} -> {p}");
                                if steps > 0 && p > a {
                                    // Landed on the wanted space or the nearest free one after it,
                                    // or (past the end) the highest free one.
                                    let want = (a + steps).min(LEN);
                                    let free = |s: u8| s == a || ![b, c].contains(&s);
                                    if p >= want {
                                        assert!(
                                            (want..p).all(|s| !free(s)),
                                            "{spaces:?} +{steps} -> {p}"
                                        );
                                    } else {
                                        assert!(
                                            (p + 1..=LEN).all(|s| !free(s)),
                                            "{spaces:?} +{steps} -> {p}"
                                        );
                                    }
                                }
                            }
                        }
                        let mut down = track(&spaces);
                        down.fall(0, steps);
                        check(&down, LEN);
                        let q = down.position(0);
                        assert!(q <= a);
                        if steps > 0 && a > 0 && q > 0 {
                            assert!(q <= a - steps);
                            assert!((q + 1..=a - steps).all(|s| [b, c].contains(&s)));
                        }
                        assert_eq!(down.position(1), b);
                        assert_eq!(up.position(2), c);
                    }
                }
            }
        }
    }

    fn check(t: &Track, len: u8) {
        let on: Vec<u8> = (0..MAX_SEATS)
            .map(|s| t.position(s))
            .filter(|&p| p > 0)
            .collect();
        let mut uniq = on.clone();
        uniq.sort_unstable();
        uniq.dedup();
        assert_eq!(uniq.len(), on.len(), "{t:?}");
        let bits = on.iter().fold(0u64, |b, &p| b | 1 << p);
        assert_eq!(t.occupied, bits, "{t:?}");
        assert!(on.iter().all(|&p| p <= len));
    }
}
