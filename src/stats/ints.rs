//! Integer counters, declared once: the same declaration gives their exact merge (games played
//! on other threads, or shards played on other machines) and their text form, so no field can be
//! forgotten in either.

use crate::stats::Histogram;

/// A count too large for a u64: only a damaged shard file can produce one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a counter passed the largest number whisker counts")]
pub(crate) struct Overflow;

/// The sum of `counts`, or `None` if it passes the largest u64 (only a damaged file's can).
pub(crate) fn sum<'a>(counts: impl IntoIterator<Item = &'a u64>) -> Option<u64> {
    counts.into_iter().try_fold(0u64, |s, &c| s.checked_add(c))
}

/// A sum as a message shows it: the number, or that it is too large to count.
pub(crate) fn shown(sum: Option<u64>) -> String {
    sum.map_or_else(|| "more than whisker counts".into(), |n| n.to_string())
}

/// `Err("field `name`: why")` unless `ok`: one check of counters read back from a file.
pub(crate) fn require(ok: bool, field: &str, why: impl FnOnce() -> String) -> Result<(), String> {
    if ok {
        Ok(())
    } else {
        Err(format!("field `{field}`: {}", why()))
    }
}

/// A value made only of integers, in a fixed order.
pub(crate) trait Ints: Sized {
    fn put(&self, out: &mut Vec<u64>);
    fn take(it: &mut dyn Iterator<Item = u64>) -> Option<Self>;
    /// Adds `other` in, count by count, exactly.
    fn add(&mut self, other: &Self) -> Result<(), Overflow>;
}

impl Ints for u64 {
    fn put(&self, out: &mut Vec<u64>) {
        out.push(*self);
    }
    fn take(it: &mut dyn Iterator<Item = u64>) -> Option<Self> {
        it.next()
    }
    fn add(&mut self, other: &Self) -> Result<(), Overflow> {
        *self = self.checked_add(*other).ok_or(Overflow)?;
        Ok(())
    }
}

impl<T: Ints, const N: usize> Ints for [T; N] {
    fn put(&self, out: &mut Vec<u64>) {
        self.iter().for_each(|x| x.put(out));
    }
    fn take(it: &mut dyn Iterator<Item = u64>) -> Option<Self> {
        let items: Vec<T> = (0..N).map(|_| T::take(it)).collect::<Option<_>>()?;
        items.try_into().ok()
    }
    fn add(&mut self, other: &Self) -> Result<(), Overflow> {
        self.iter_mut().zip(other).try_for_each(|(a, b)| a.add(b))
    }
}

/// A list that grows to the longer of the two when merged.
impl<T: Ints + Default + Clone> Ints for Vec<T> {
    fn put(&self, out: &mut Vec<u64>) {
        out.push(self.len() as u64);
        self.iter().for_each(|x| x.put(out));
    }
    fn take(it: &mut dyn Iterator<Item = u64>) -> Option<Self> {
        let n = it.next()?;
        (0..n).map(|_| T::take(it)).collect()
    }
    fn add(&mut self, other: &Self) -> Result<(), Overflow> {
        if other.len() > self.len() {
            self.resize(other.len(), T::default());
        }
        self.iter_mut().zip(other).try_for_each(|(a, b)| a.add(b))
    }
}

impl Ints for Histogram {
    fn put(&self, out: &mut Vec<u64>) {
        self.counts().to_vec().put(out);
    }
    fn take(it: &mut dyn Iterator<Item = u64>) -> Option<Self> {
        Some(Histogram::from_counts(Vec::take(it)?))
    }
    fn add(&mut self, other: &Self) -> Result<(), Overflow> {
        let mut counts = self.counts().to_vec();
        counts.add(&other.counts().to_vec())?;
        *self = Histogram::from_counts(counts);
        Ok(())
    }
}

impl<A: Ints, B: Ints> Ints for (A, B) {
    fn put(&self, out: &mut Vec<u64>) {
        self.0.put(out);
        self.1.put(out);
    }
    fn take(it: &mut dyn Iterator<Item = u64>) -> Option<Self> {
        Some((A::take(it)?, B::take(it)?))
    }
    fn add(&mut self, other: &Self) -> Result<(), Overflow> {
        self.0.add(&other.0)?;
        self.1.add(&other.1)
    }
}

/// Implements [`Ints`] for a struct from its fields, in the order listed: every field is
/// merged and written, so declaring a counter here is all it takes.
#[macro_export]
macro_rules! ints_struct {
    ($ty:ty { $($field:ident),* $(,)? }) => {
        impl $crate::stats::ints::Ints for $ty {
            fn put(&self, out: &mut Vec<u64>) {
                $($crate::stats::ints::Ints::put(&self.$field, out);)*
            }
            fn take(it: &mut dyn Iterator<Item = u64>) -> Option<Self> {
                Some(Self { $($field: $crate::stats::ints::Ints::take(it)?,)* })
            }
            fn add(&mut self, other: &Self) -> Result<(), $crate::stats::ints::Overflow> {
                $($crate::stats::ints::Ints::add(&mut self.$field, &other.$field)?;)*
                Ok(())
            }
        }
    };
}

/// The first line of [`to_text`]'s form: its number changes whenever what a shard counts does
/// (2: the products of per-game quantities), so counters of another version are refused.
const HEADER: &str = "whisker-counters 2";

/// The text form of integers a value [`Ints::put`]: a header line, then one per line.
pub(crate) fn to_text(numbers: &[u64]) -> String {
    let mut text = format!("{HEADER}\n");
    for x in numbers {
        text.push_str(&x.to_string());
        text.push('\n');
    }
    text
}

/// Reads [`to_text`]'s form back; `None` when it is not exactly one value.
pub(crate) fn from_text<T: Ints>(text: &str) -> Option<T> {
    let mut lines = text.lines();
    if lines.next()? != HEADER {
        return None;
    }
    let mut numbers = lines.map(|l| l.parse::<u64>().ok());
    let mut ok = true;
    let mut it = std::iter::from_fn(|| match numbers.next() {
        Some(Some(x)) => Some(x),
        Some(None) => {
            ok = false;
            None
        }
        None => None,
    });
    let value = T::take(&mut it);
    let rest = it.next().is_none();
    (ok && rest).then_some(value).flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, Default)]
    struct Demo {
        a: u64,
        b: [u64; 3],
        h: Histogram,
        v: Vec<Histogram>,
    }
    ints_struct!(Demo { a, b, h, v });

    #[test]
    fn round_trips_exactly_and_rejects_garbage() {
        let mut h = Histogram::default();
        h.add(4);
        h.add(4);
        h.add(1);
        let d = Demo {
            a: u64::MAX,
            b: [1, 2, 3],
            h: h.clone(),
            v: vec![Histogram::default(), h],
        };
        let mut numbers = Vec::new();
        d.put(&mut numbers);
        let text = to_text(&numbers);
        assert_eq!(from_text::<Demo>(&text), Some(d));
        assert_eq!(
            from_text::<Demo>(&text.replace(HEADER, "whisker-counters 1")),
            None
        );
        assert_eq!(
            from_text::<Demo>(&format!("{text}7\n")),
            None,
            "trailing numbers"
        );
        assert_eq!(
            from_text::<Demo>(&format!("{HEADER}\n1\n2\n")),
            None,
            "too few"
        );
        assert_eq!(from_text::<Demo>(&text.replacen("\n1\n", "\nx\n", 1)), None);
    }

    #[test]
    fn merging_adds_every_field_and_refuses_to_wrap() {
        let mut h = Histogram::default();
        h.add(2);
        let mut a = Demo {
            a: 1,
            b: [1, 2, 3],
            h: h.clone(),
            v: vec![],
        };
        let b = Demo {
            a: 2,
            b: [10, 20, 30],
            h: h.clone(),
            v: vec![h.clone()],
        };
        a.add(&b).unwrap();
        let mut twice = Histogram::default();
        twice.add(2);
        twice.add(2);
        assert_eq!(
            a,
            Demo {
                a: 3,
                b: [11, 22, 33],
                h: twice,
                v: vec![h],
            }
        );
        let mut big = Demo {
            a: u64::MAX,
            ..Demo::default()
        };
        assert_eq!(big.add(&b), Err(Overflow));
    }
}
