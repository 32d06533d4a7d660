//! A result folder's CSV files, read back by column name.

use std::path::Path;

use crate::core::failure::Failure;

/// One CSV file: its header and rows, kept as text until a column is asked for as a number.
#[derive(Default)]
pub struct CsvFile {
    name: String,
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

impl CsvFile {
    /// Reads `dir/name`; `None` when the run did not write that file.
    pub fn read(dir: &Path, name: &str) -> anyhow::Result<Option<Self>> {
        let path = dir.join(name);
        if !path.is_file() {
            return Ok(None);
        }
        let bad = |e: csv::Error| Failure::Usage(format!("{}: {e}", path.display()));
        let bytes =
            std::fs::read(&path).map_err(|e| Failure::Usage(format!("{}: {e}", path.display())))?;
        // whisker ends every CSV file with a line break: a file without one was cut short.
        if bytes.last().is_some_and(|&b| b != b'\n') {
            return Err(Failure::Usage(format!(
                "{}: cut short (its last line is unfinished); make the result again",
                path.display()
            ))
            .into());
        }
        let mut reader = csv::Reader::from_reader(&bytes[..]);
        let header = reader
            .headers()
            .map_err(bad)?
            .iter()
            .map(String::from)
            .collect();
        let rows = reader
            .records()
            .map(|r| r.map(|r| r.iter().map(String::from).collect()))
            .collect::<Result<_, _>>()
            .map_err(bad)?;
        Ok(Some(Self {
            name: path.display().to_string(),
            header,
            rows,
        }))
    }

    /// Reads `dir/name`, which every `kind` result folder has.
    pub fn needed(dir: &Path, name: &str, kind: &str) -> anyhow::Result<Self> {
        Self::read(dir, name)?.ok_or_else(|| {
            Failure::Usage(format!(
                "{} has no {name}: not a complete {kind} result",
                dir.display()
            ))
            .into()
        })
    }

    pub fn header(&self) -> &[String] {
        &self.header
    }

    pub fn len(&self) -> usize {
        self.rows.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    fn column(&self, name: &str) -> anyhow::Result<usize> {
        self.header
            .iter()
            .position(|h| h == name)
            .ok_or_else(|| Failure::Usage(format!("{}: no column `{name}`", self.name)).into())
    }

    /// Column `name` as text, one entry per row.
    pub fn text(&self, name: &str) -> anyhow::Result<Vec<&str>> {
        let c = self.column(name)?;
        Ok(self.rows.iter().map(|r| r[c].as_str()).collect())
    }

    /// Column `name`'s cells, each read by `read`; a cell it refuses is named with its line
    /// and why (`is not …`).
    fn cells<T>(
        &self,
        name: &str,
        why: &str,
        read: impl Fn(&str) -> Option<T>,
    ) -> anyhow::Result<Vec<T>> {
        let c = self.column(name)?;
        self.rows
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let cell = r[c].trim();
                read(cell).ok_or_else(|| {
                    // Line 1 is the header.
                    Failure::Usage(format!(
                        "{}:{}: field `{name}`: `{cell}` {why}",
                        self.name,
                        i + 2
                    ))
                    .into()
                })
            })
            .collect()
    }

    /// Column `name` as numbers; an empty cell reads as `None`.
    pub fn optional(&self, name: &str) -> anyhow::Result<Vec<Option<f64>>> {
        // Whisker writes only finite numbers: an infinity or a NaN (an edit) would draw a
        // chart without end.
        self.cells(name, "is not a finite number", |cell| {
            if cell.is_empty() {
                return Some(None);
            }
            cell.parse::<f64>().ok().filter(|v| v.is_finite()).map(Some)
        })
    }

    /// Column `name` and its 95% interval (the `ci_low` and `ci_high` columns every rate and
    /// mean is written with), every cell filled.
    pub fn estimates(&self, name: &str) -> anyhow::Result<(Vec<f64>, Vec<f64>, Vec<f64>)> {
        Ok((
            self.numbers(name)?,
            self.numbers("ci_low")?,
            self.numbers("ci_high")?,
        ))
    }

    /// Column `name` and its 95% interval, where a row may have none (a rate of no games).
    pub fn optional_estimates(&self, name: &str) -> anyhow::Result<[Vec<Option<f64>>; 3]> {
        Ok([
            self.optional(name)?,
            self.optional("ci_low")?,
            self.optional("ci_high")?,
        ])
    }

    /// Column `name` as whole numbers from `least` to `most`, every cell filled: what a chart
    /// steps through one by one (game lengths, board squares), so a value past any game's
    /// (an edit) is refused, not drawn as billions of steps.
    pub fn whole(&self, name: &str, least: u64, most: u64) -> anyhow::Result<Vec<u64>> {
        let why = format!("is not a whole number from {least} to {most}");
        self.cells(name, &why, |cell| {
            cell.parse::<u64>()
                .ok()
                .filter(|v| (least..=most).contains(v))
        })
    }

    /// Column `name` as numbers, every cell filled.
    pub fn numbers(&self, name: &str) -> anyhow::Result<Vec<f64>> {
        let c = self.column(name)?;
        self.optional(name)?
            .into_iter()
            .enumerate()
            .map(|(i, v)| {
                v.ok_or_else(|| {
                    Failure::Usage(format!(
                        "{}:{}: field `{}` is empty",
                        self.name,
                        i + 2,
                        self.header[c]
                    ))
                    .into()
                })
            })
            .collect()
    }

    /// The value of row `metric` in a `metric,value,…` file such as summary.csv.
    pub fn metric(&self, metric: &str, column: &str) -> anyhow::Result<Option<f64>> {
        let names = self.text("metric")?;
        let values = self.optional(column)?;
        Ok(names
            .iter()
            .position(|&m| m == metric)
            .and_then(|i| values[i]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(rows: &[&str]) -> CsvFile {
        CsvFile {
            name: "game_length.csv".into(),
            header: vec!["turns".into()],
            rows: rows.iter().map(|r| vec![r.to_string()]).collect(),
        }
    }

    /// A chart steps through whole numbers one by one: a length past every cap, a fraction or
    /// a negative one (an edit) is refused with its line, where a length of 1e308 once hung
    /// the page.
    #[test]
    fn whole_numbers_are_read_only_within_their_range() {
        assert_eq!(
            file(&["0", "7", "12"]).whole("turns", 0, 12).unwrap(),
            [0, 7, 12]
        );
        for (cell, line) in [("13", 3), ("1e308", 3), ("-1", 3), ("2.5", 3), ("inf", 3)] {
            let e = file(&["4", cell]).whole("turns", 0, 12).unwrap_err();
            assert_eq!(
                e.to_string(),
                format!(
                    "game_length.csv:{line}: field `turns`: `{cell}` is not a whole number from 0 to 12"
                )
            );
        }
        assert!(file(&["NaN"]).optional("turns").is_err());
        assert_eq!(
            file(&["", "1.5"]).optional("turns").unwrap(),
            [None, Some(1.5)]
        );
    }
}
