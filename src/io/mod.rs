//! What whisker reads and writes: configs, result folders (marked, locked, replaced without
//! losing a file), their run records and names, the CSV files and the HTML report.

pub(crate) mod config;
pub(crate) mod export;
pub(crate) mod games_csv;
pub(crate) mod hash;
pub(crate) mod naming;
pub(crate) mod record;
pub(crate) mod report;
pub(crate) mod result_dir;
#[cfg(test)]
pub(crate) mod scratch;
