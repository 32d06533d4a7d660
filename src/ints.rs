//! Integer counters written out and read back exactly, so shards played on different machines
//! merge into the same counters a single run would have.

use crate::stats::Histogram;

/// A value made only of integers, in a fixed order.
pub trait Ints: Sized {
    fn put(&self, out: &mut Vec<u64>);
    fn take(it: &mut dyn Iterator<Item = u64>) -> Option<Self>;
}

impl Ints for u64 {
    fn put(&self, out: &mut Vec<u64>) {
        out.push(*self);
    }
    fn take(it: &mut dyn Iterator<Item = u64>) -> Option<Self> {
        it.next()
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
}

impl<T: Ints> Ints for Vec<T> {
    fn put(&self, out: &mut Vec<u64>) {
        out.push(self.len() as u64);
        self.iter().for_each(|x| x.put(out));
    }
    fn take(it: &mut dyn Iterator<Item = u64>) -> Option<Self> {
        let n = it.next()?;
        (0..n).map(|_| T::take(it)).collect()
    }
}

impl Ints for Histogram {
    fn put(&self, out: &mut Vec<u64>) {
        self.counts().to_vec().put(out);
    }
    fn take(it: &mut dyn Iterator<Item = u64>) -> Option<Self> {
        Some(Histogram::from_counts(Vec::take(it)?))
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
}

/// Implements [`Ints`] for a struct from its fields, in the order listed.
#[macro_export]
macro_rules! ints_struct {
    ($ty:ty { $($field:ident),* $(,)? }) => {
        impl $crate::ints::Ints for $ty {
            fn put(&self, out: &mut Vec<u64>) {
                $($crate::ints::Ints::put(&self.$field, out);)*
            }
            fn take(it: &mut dyn Iterator<Item = u64>) -> Option<Self> {
                Some(Self { $($field: $crate::ints::Ints::take(it)?,)* })
            }
        }
    };
}

/// The text form of integers a value [`Ints::put`]: a header line, then one per line.
pub fn to_text(numbers: &[u64]) -> String {
    let mut text = String::from("whisker-counters 1\n");
    for x in numbers {
        text.push_str(&x.to_string());
        text.push('\n');
    }
    text
}

/// Reads [`to_text`]'s form back; `None` when it is not exactly one value.
pub fn from_text<T: Ints>(text: &str) -> Option<T> {
    let mut lines = text.lines();
    if lines.next()? != "whisker-counters 1" {
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
            from_text::<Demo>(&text.replace("whisker-counters 1", "other")),
            None
        );
        assert_eq!(
            from_text::<Demo>(&format!("{text}7\n")),
            None,
            "trailing numbers"
        );
        assert_eq!(
            from_text::<Demo>("whisker-counters 1\n1\n2\n"),
            None,
            "too few"
        );
        assert_eq!(from_text::<Demo>(&text.replacen("\n1\n", "\nx\n", 1)), None);
    }
}
