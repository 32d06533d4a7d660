//! What the binary's test files share: running `whisker` and scratch folders.

#![allow(dead_code)] // Each test file uses its own part of this.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub fn whisker(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_whisker"))
        .args(args)
        .output()
        .expect("runs")
}

pub fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("whisker-cli-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&d);
    fs::create_dir_all(&d).unwrap();
    d
}

pub fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}
