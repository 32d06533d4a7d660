//! Sets of the room's squares as bit sets: the walls, the pieces' squares and the walks of a
//! turn are all built from them.

/// A set of squares, one bit per cell, in `W` words: four hold every room's; a walk in a
/// smaller room goes faster in the words its cells fill.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Squares<const W: usize = 4>([u64; W]);

impl<const W: usize> Default for Squares<W> {
    fn default() -> Self {
        Self([0; W])
    }
}

impl<const W: usize> Squares<W> {
    pub fn has(&self, s: u8) -> bool {
        self.0[usize::from(s >> 6)] >> (s & 63) & 1 == 1
    }

    pub fn add(&mut self, s: u8) {
        self.0[usize::from(s >> 6)] |= 1 << (s & 63);
    }

    pub fn remove(&mut self, s: u8) {
        self.0[usize::from(s >> 6)] &= !(1 << (s & 63));
    }

    pub fn or(&mut self, other: &Self) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a |= b;
        }
    }

    pub fn without(&self, other: &Self) -> Self {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0) {
            *a &= !b;
        }
        out
    }

    pub fn is_empty(&self) -> bool {
        self.0 == [0; W]
    }

    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    pub fn and(&self, other: &Self) -> Self {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0) {
            *a &= b;
        }
        out
    }

    /// Each square moved `by` cells along the cells' order (`-width`: one row up); `by` is
    /// less than 64 either way.
    pub(super) fn shifted(&self, by: i32) -> Self {
        let (w, k) = (self.0, by.unsigned_abs());
        let mut out = [0; W];
        for (i, o) in out.iter_mut().enumerate() {
            *o = if by > 0 {
                w[i] << k | if i > 0 { w[i - 1] >> (64 - k) } else { 0 }
            } else {
                w[i] >> k | if i + 1 < W { w[i + 1] << (64 - k) } else { 0 }
            };
        }
        Squares(out)
    }

    /// The set in four words.
    pub(super) fn widened(&self) -> Squares {
        let mut out = Squares::default();
        out.0[..W].copy_from_slice(&self.0);
        out
    }
}

impl Squares {
    /// The squares in order.
    pub fn iter(&self) -> SquaresIter {
        SquaresIter {
            words: self.0,
            word: 0,
        }
    }

    /// The set in its first `V` words, all of it if its cells fit.
    pub(super) fn narrowed<const V: usize>(&self) -> Squares<V> {
        Squares(std::array::from_fn(|i| self.0[i]))
    }
}

/// The squares of a [`Squares`] in order: a hand-written loop, as this runs in the bots'
/// innermost loops.
pub struct SquaresIter {
    words: [u64; 4],
    word: usize,
}

impl Iterator for SquaresIter {
    type Item = u8;

    fn next(&mut self) -> Option<u8> {
        while self.word < 4 {
            let w = &mut self.words[self.word];
            if *w != 0 {
                let b = w.trailing_zeros();
                *w &= *w - 1;
                return Some((self.word as u32 * 64 + b) as u8);
            }
            self.word += 1;
        }
        None
    }
}
