//! A test's scratch folder, for the crate's own tests and (through `#[path]`) the binary's:
//! removed when the test passes, kept and named when it fails, to look into. Left behind, every
//! run of the suite added some 150 folders to the system's temporary directory.

use std::ffi::OsStr;
use std::fs;
use std::path::{Path, PathBuf};

/// A fresh, empty folder `whisker-{name}-{pid}` in the system's temporary directory.
pub(crate) fn scratch(name: &str) -> Scratch {
    let d = std::env::temp_dir().join(format!("whisker-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&d);
    fs::create_dir_all(&d).unwrap();
    Scratch(d)
}

pub(crate) struct Scratch(PathBuf);

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<OsStr> for Scratch {
    fn as_ref(&self) -> &OsStr {
        self.0.as_os_str()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!("kept for a look: {}", self.0.display());
        } else {
            let _ = fs::remove_dir_all(&self.0);
        }
    }
}
