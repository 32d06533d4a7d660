//! What whisker reads and writes: configs, result folders (marked, locked, replaced without
//! losing a file), their run records and names, the CSV files and the HTML report.

pub mod config;
pub mod export;
pub mod games_csv;
pub mod hash;
pub mod naming;
pub mod record;
pub mod report;
pub mod result_dir;
