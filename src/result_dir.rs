//! Result folders. A result is written to a staging folder beside its target and moved into place
//! only when every file is complete, so a folder is whole or absent. Whisker replaces a folder
//! only when it can prove it wrote it — a marker file of its own format listing the files it
//! wrote, with their sizes — and it never deletes any other file: a user's notes, or a whisker
//! file the user changed, are carried over to the new result (or, if the new result would
//! overwrite one of them, the new result goes to a fresh folder beside it). A lock beside the
//! target keeps two runs from writing the same folder; staging folders left by a killed run are
//! cleaned (and an interrupted replacement is finished) by the next run that takes the lock.

use std::collections::BTreeMap;
use std::ffi::{OsStr, OsString};
use std::fs::{self, File, OpenOptions};
use std::io::Write as _;
use std::path::{Component, Path, PathBuf};

use anyhow::Context;
use serde::{Deserialize, Serialize};

use crate::output::UsageError;

/// The file that marks a folder as written by whisker, listing what it wrote.
pub const MARKER: &str = ".whisker-result";
/// The first line of a marker: its format, so a stray file of the same name is not taken for one.
const FORMAT: &str = "whisker-result 1";
/// Timing changes every run, so its size is not held against it (recorded as -1).
const UNCHECKED: &[&str] = &["host.toml"];

/// What a marker says: every file whisker wrote in the folder, and its size in bytes.
#[derive(Serialize, Deserialize, Debug, Default, PartialEq)]
struct Manifest {
    format: String,
    files: BTreeMap<String, i64>,
}

impl Manifest {
    fn read(dir: &Path) -> Option<Self> {
        let text = fs::read_to_string(dir.join(MARKER)).ok()?;
        let m: Self = toml::from_str(&text).ok()?;
        (m.format == FORMAT).then_some(m)
    }

    /// The manifest of every file now in `dir` (the marker itself aside).
    fn of(dir: &Path) -> anyhow::Result<Self> {
        let mut files = BTreeMap::new();
        for entry in fs::read_dir(dir).with_context(|| format!("listing {}", dir.display()))? {
            let entry = entry?;
            let Ok(name) = entry.file_name().into_string() else {
                continue;
            };
            if name == MARKER || !entry.file_type()?.is_file() {
                continue;
            }
            let size = if UNCHECKED.contains(&name.as_str()) {
                -1
            } else {
                entry.metadata()?.len() as i64
            };
            files.insert(name, size);
        }
        Ok(Self {
            format: FORMAT.into(),
            files,
        })
    }

    fn write(&self, dir: &Path) -> anyhow::Result<()> {
        let text = format!(
            "# whisker wrote this folder. A later run to it replaces the files listed here (if their\n\
             # size is unchanged; -1: not checked) and keeps every other file.\n{}",
            toml::to_string(self)?
        );
        write_file(&dir.join(MARKER), text.as_bytes())
    }

    /// Whether `name` in `dir` is a file whisker wrote and nobody has changed since.
    fn owns(&self, dir: &Path, name: &OsStr) -> bool {
        let Some(name) = name.to_str() else {
            return false;
        };
        if name == MARKER {
            return true;
        }
        let Some(&size) = self.files.get(name) else {
            return false;
        };
        let path = dir.join(name);
        match fs::symlink_metadata(&path) {
            Ok(m) => m.is_file() && (size < 0 || m.len() == size as u64),
            Err(_) => false,
        }
    }

    /// The entries of `dir` that are not whisker's: the user's files and folders.
    fn foreign(&self, dir: &Path) -> anyhow::Result<Vec<OsString>> {
        let mut names = Vec::new();
        for entry in fs::read_dir(dir).with_context(|| format!("listing {}", dir.display()))? {
            let name = entry?.file_name();
            if !self.owns(dir, &name) {
                names.push(name);
            }
        }
        names.sort();
        Ok(names)
    }
}

/// Writes `bytes` to `path`, naming the file in any error (a full disk says which file).
pub fn write_file(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    fs::write(path, bytes).with_context(|| format!("writing {}", path.display()))
}

/// An exclusive claim on one target folder, held from before the first game until the result is
/// in place. The lock file is removed before it is unlocked, and a lock taken on a file that was
/// removed meanwhile is taken again, so two runs can never both hold it.
struct Lock {
    path: PathBuf,
    _file: Option<File>,
}

impl Lock {
    fn take(parent: &Path, name: &OsStr, target: &Path) -> anyhow::Result<Self> {
        let path = parent.join(dotted(name, ".lock"));
        loop {
            let file = OpenOptions::new()
                .create(true)
                .truncate(false)
                .write(true)
                .open(&path)
                .map_err(|e| {
                    UsageError(format!(
                        "--out {}: cannot write results there ({e})",
                        target.display()
                    ))
                })?;
            match file.try_lock() {
                Ok(()) => {}
                Err(fs::TryLockError::WouldBlock) => {
                    return Err(UsageError(format!(
                        "another whisker run is writing {}; wait for it to finish or choose another --out",
                        target.display()
                    ))
                    .into());
                }
                // A filesystem without locks: go on unlocked, as whisker did before it locked.
                Err(fs::TryLockError::Error(_)) => {
                    return Ok(Self { path, _file: None });
                }
            }
            if same_file(&file, &path) {
                let _ = writeln!(&file, "{}", std::process::id());
                return Ok(Self {
                    path,
                    _file: Some(file),
                });
            }
        }
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        if self._file.is_some() {
            let _ = fs::remove_file(&self.path);
        }
        // The file closes after this, releasing the lock.
    }
}

#[cfg(unix)]
fn same_file(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), fs::metadata(path)) {
        (Ok(a), Ok(b)) => (a.dev(), a.ino()) == (b.dev(), b.ino()),
        _ => false,
    }
}

#[cfg(not(unix))]
fn same_file(_: &File, path: &Path) -> bool {
    path.exists()
}

#[cfg(unix)]
fn device(path: &Path) -> Option<u64> {
    use std::os::unix::fs::MetadataExt;
    fs::metadata(path).ok().map(|m| m.dev())
}

#[cfg(not(unix))]
fn device(_: &Path) -> Option<u64> {
    None
}

/// `.NAME` followed by `suffix`, for the files whisker keeps beside a target.
fn dotted(name: &OsStr, suffix: &str) -> OsString {
    let mut s = OsString::from(".");
    s.push(name);
    s.push(suffix);
    s
}

/// What a stale entry beside a target is, from its name: `.NAME.partial-PID` (staging) or
/// `.NAME.partial-PID.old` (the previous result, moved aside while a new one took its place).
fn stale_kind(entry: &OsStr, name: &OsStr) -> Option<bool> {
    let prefix = dotted(name, ".partial-");
    let entry = entry.as_encoded_bytes();
    let rest = entry.strip_prefix(prefix.as_encoded_bytes())?;
    let (digits, old) = match rest.strip_suffix(b".old") {
        Some(d) => (d, true),
        None => (rest, false),
    };
    (!digits.is_empty() && digits.iter().all(u8::is_ascii_digit)).then_some(old)
}

/// The absolute, real path `target` names: symbolic links and `..` resolved in the part that
/// exists, `.` and `..` applied to the part that does not yet.
fn resolve(target: &Path) -> std::io::Result<PathBuf> {
    let abs = std::path::absolute(target)?;
    let existing = abs
        .ancestors()
        .find(|a| a.exists())
        .unwrap_or(Path::new("/"));
    let mut path = fs::canonicalize(existing)?;
    let rest = abs.strip_prefix(existing).unwrap_or(Path::new(""));
    for c in rest.components() {
        match c {
            Component::ParentDir => {
                path.pop();
            }
            Component::Normal(n) => path.push(n),
            _ => {}
        }
    }
    Ok(path)
}

/// A result folder being written.
pub struct ResultDir {
    /// Where the result goes, resolved.
    target: PathBuf,
    /// How the user named it, for messages.
    shown: PathBuf,
    staging: PathBuf,
    committed: bool,
    _lock: Lock,
}

impl ResultDir {
    /// Prepares to write `target`. Everything that could stop the result from being put in
    /// place is checked here, before a game is played: a folder whisker did not write, a file,
    /// the working folder or one holding it, a mount point, another run writing there, a parent
    /// that cannot be written.
    pub fn create(target: &Path) -> anyhow::Result<Self> {
        let shown = target.to_path_buf();
        let unusable = |why: String| -> anyhow::Error {
            UsageError(format!("--out {}: {why}", shown.display())).into()
        };
        let path = resolve(target).map_err(|e| unusable(e.to_string()))?;
        let (Some(parent), Some(name)) = (path.parent(), path.file_name()) else {
            return Err(unusable("a result needs a folder of its own".into()));
        };
        let (parent, name) = (parent.to_path_buf(), name.to_os_string());
        if let Ok(cwd) = std::env::current_dir().and_then(fs::canonicalize)
            && cwd.starts_with(&path)
        {
            return Err(unusable(
                "that is the folder you are working in (or holds it); whisker writes a result as a folder of its own: name a new one inside it, such as results".into(),
            ));
        }
        if path.exists() {
            if !path.is_dir() {
                return Err(unusable("it is a file, not a folder".into()));
            }
            if device(&path) != device(&parent) {
                return Err(unusable(
                    "it is a mount point, which cannot be replaced whole; name a folder inside it"
                        .into(),
                ));
            }
        }
        fs::create_dir_all(&parent)
            .map_err(|e| unusable(format!("cannot write results there ({e})")))?;
        let lock = Lock::take(&parent, &name, &shown)?;
        recover(&parent, &name, &path);
        if path.exists() && Manifest::read(&path).is_none() {
            let empty = fs::read_dir(&path).is_ok_and(|mut d| d.next().is_none());
            if !empty {
                return Err(unusable(format!(
                    "it exists and whisker did not write it (no {MARKER} marker; folders made by whisker before 0.2 have none): choose another --out, or empty it"
                )));
            }
        }
        let staging = parent.join(dotted(&name, &format!(".partial-{}", std::process::id())));
        fs::create_dir(&staging)
            .map_err(|e| unusable(format!("cannot write results there ({e})")))?;
        Ok(Self {
            target: path,
            shown,
            staging,
            committed: false,
            _lock: lock,
        })
    }

    /// Where a file of this result is written before the commit.
    pub fn file(&self, name: &str) -> PathBuf {
        self.staging.join(name)
    }

    pub fn csv<R: Serialize>(
        &self,
        name: &str,
        rows: impl IntoIterator<Item = R>,
    ) -> anyhow::Result<()> {
        let path = self.file(name);
        let context = || format!("writing {}", path.display());
        let mut w = csv::Writer::from_path(&path).with_context(context)?;
        for row in rows {
            w.serialize(row).with_context(context)?;
        }
        w.flush().with_context(context)?;
        Ok(())
    }

    /// A CSV file of plain records under `header` (columns that differ from run to run).
    pub fn records(
        &self,
        name: &str,
        header: &[String],
        rows: impl IntoIterator<Item = Vec<String>>,
    ) -> anyhow::Result<()> {
        let path = self.file(name);
        let context = || format!("writing {}", path.display());
        let mut w = csv::Writer::from_path(&path).with_context(context)?;
        w.write_record(header).with_context(context)?;
        for row in rows {
            w.write_record(&row).with_context(context)?;
        }
        w.flush().with_context(context)?;
        Ok(())
    }

    pub fn text(&self, name: &str, text: &str) -> anyhow::Result<()> {
        write_file(&self.file(name), text.as_bytes())
    }

    /// Writes the folder's HTML report from the files written so far (call it last). A report
    /// that cannot be made is a warning, never the loss of the results it would show.
    pub fn report(&self) {
        if let Err(e) = crate::report::render_to(&self.staging, &self.file(crate::report::FILE)) {
            eprintln!("warning: no report.html: {e:#}");
        }
    }

    /// Moves the finished folder into place and returns where it went. Whisker's own files of an
    /// earlier result there are replaced; the user's files are kept. If the new result would
    /// overwrite a user's file, or a `partial` result would replace a complete one, it goes to
    /// the first free `NAME-2`, `NAME-3`, … beside the target instead, and a warning says so.
    pub fn commit(mut self, partial: bool) -> anyhow::Result<PathBuf> {
        Manifest::of(&self.staging)?.write(&self.staging)?;
        let target = self.target.clone();
        let destination = match self.blocked_by(partial)? {
            None => target.clone(),
            Some(why) => {
                let free = free_sibling(&target);
                eprintln!(
                    "warning: {why}; this result is written to {} instead",
                    free.display()
                );
                free
            }
        };
        if destination == target && target.exists() {
            self.replace()?;
        } else {
            fs::rename(&self.staging, &destination)
                .with_context(|| format!("writing {}", destination.display()))?;
        }
        self.committed = true;
        // Shown as the user named it when it went where they asked.
        Ok(if destination == target {
            self.shown.clone()
        } else {
            destination
        })
    }

    /// Why the new result cannot take the target's place, if it cannot.
    fn blocked_by(&self, partial: bool) -> anyhow::Result<Option<String>> {
        let Some(old) = Manifest::read(&self.target) else {
            return Ok(None);
        };
        let clash: Vec<String> = old
            .foreign(&self.target)?
            .into_iter()
            .filter(|n| self.staging.join(n).exists())
            .map(|n| n.to_string_lossy().into_owned())
            .collect();
        if !clash.is_empty() {
            return Ok(Some(format!(
                "{} holds {} that whisker did not write (or that changed since), which this result would overwrite",
                self.shown.display(),
                clash.join(", ")
            )));
        }
        let old_partial = fs::read_to_string(self.target.join(crate::record::RUN))
            .ok()
            .and_then(|t| t.parse::<toml::Table>().ok())
            .and_then(|t| t.get("partial").and_then(toml::Value::as_bool))
            .unwrap_or(false);
        if partial && !old_partial {
            return Ok(Some(format!(
                "{} holds a complete result, which an interrupted run does not replace",
                self.shown.display()
            )));
        }
        Ok(None)
    }

    /// Swaps the new result in for the old one: the old folder is moved aside, the new one put
    /// in its place, the user's files moved across, and only then are whisker's old files
    /// deleted. A crash at any point leaves the previous or the new result whole, and the next
    /// run finishes the job ([`recover`]).
    fn replace(&self) -> anyhow::Result<()> {
        let mut aside = self.staging.clone().into_os_string();
        aside.push(".old");
        let aside = PathBuf::from(aside);
        fs::rename(&self.target, &aside)
            .with_context(|| format!("moving aside {}", self.target.display()))?;
        if let Err(e) = fs::rename(&self.staging, &self.target) {
            let _ = fs::rename(&aside, &self.target);
            return Err(e).with_context(|| format!("writing {}", self.target.display()));
        }
        settle(&aside, &self.target);
        Ok(())
    }
}

impl Drop for ResultDir {
    fn drop(&mut self) {
        if !self.committed {
            remove_staging(&self.staging);
        }
    }
}

/// The first of `NAME-2`, `NAME-3`, … beside `target` that does not exist.
fn free_sibling(target: &Path) -> PathBuf {
    let name = target.file_name().unwrap_or_default();
    (2u64..)
        .map(|i| {
            let mut n = name.to_os_string();
            n.push(format!("-{i}"));
            target.with_file_name(n)
        })
        .find(|p| !p.exists())
        .expect("some number is free")
}

/// Deletes a staging folder: whisker wrote every file in it. Anything else found there (a
/// folder) is left.
fn remove_staging(dir: &Path) {
    if let Ok(entries) = fs::read_dir(dir) {
        for e in entries.flatten() {
            if e.file_type().is_ok_and(|t| t.is_file()) {
                let _ = fs::remove_file(e.path());
            }
        }
    }
    let _ = fs::remove_dir(dir);
}

/// Finishes a replacement whose old result was moved to `aside`: the user's files there move to
/// `target` (where no file of that name is in the way), whisker's are deleted, and the folder
/// goes once empty. Whatever cannot be moved stays in `aside`, never deleted.
fn settle(aside: &Path, target: &Path) {
    let manifest = Manifest::read(aside).unwrap_or_default();
    let Ok(foreign) = manifest.foreign(aside) else {
        return;
    };
    for name in &foreign {
        let to = target.join(name);
        if !to.exists() {
            let _ = fs::rename(aside.join(name), to);
        }
    }
    for name in manifest.files.keys() {
        if manifest.owns(aside, name.as_ref()) {
            let _ = fs::remove_file(aside.join(name));
        }
    }
    let _ = fs::remove_file(aside.join(MARKER));
    if fs::remove_dir(aside).is_err() {
        eprintln!(
            "warning: files whisker did not write were kept in {}",
            aside.display()
        );
    }
}

/// Cleans what killed runs left beside `target` (called with the target's lock held, so no
/// live run owns any of it): staging folders are deleted; a previous result moved aside by a
/// replacement that did not finish is put back, or settled into the new result.
fn recover(parent: &Path, name: &OsStr, target: &Path) {
    let Ok(entries) = fs::read_dir(parent) else {
        return;
    };
    let mut stale: Vec<(PathBuf, bool)> = entries
        .flatten()
        .filter_map(|e| stale_kind(&e.file_name(), name).map(|old| (e.path(), old)))
        .collect();
    stale.sort();
    for (path, old) in stale {
        if !old {
            remove_staging(&path);
        } else if !target.exists() {
            let _ = fs::rename(&path, target);
        } else {
            settle(&path, target);
        }
    }
}

/// Records `file`, just written into the finished result folder `dir` (a report made later),
/// as whisker's in its marker, under the folder's lock.
pub fn adopt(dir: &Path, file: &str) -> anyhow::Result<()> {
    let path = resolve(dir)?;
    let (Some(parent), Some(name)) = (path.parent(), path.file_name()) else {
        return Ok(());
    };
    let _lock = Lock::take(parent, name, dir)?;
    if let Some(mut m) = Manifest::read(&path) {
        let size = fs::metadata(path.join(file))?.len() as i64;
        m.files.insert(file.into(), size);
        m.write(&path)?;
    }
    Ok(())
}

/// Whether `dir` is a folder whisker wrote (has a valid marker).
pub fn is_result(dir: &Path) -> bool {
    Manifest::read(dir).is_some()
}

/// The files of `dir` whose size differs from what whisker wrote: a damaged or cut result.
pub fn damaged(dir: &Path) -> Vec<String> {
    let Some(m) = Manifest::read(dir) else {
        return Vec::new();
    };
    m.files
        .iter()
        .filter(|(name, size)| {
            **size >= 0 && fs::metadata(dir.join(name)).is_ok_and(|md| md.len() != **size as u64)
        })
        .map(|(name, _)| name.clone())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("whisker-output-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        fs::create_dir_all(&d).unwrap();
        d
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn nothing_appears_until_commit() {
        let target = scratch("commit").join("res");
        let dir = ResultDir::create(&target).unwrap();
        dir.text("a.csv", "x").unwrap();
        assert!(!target.exists());
        dir.commit(false).unwrap();
        assert_eq!(names(&target), [MARKER, "a.csv"]);
        // A second result replaces the first, whisker's files only.
        let dir = ResultDir::create(&target).unwrap();
        dir.text("b.csv", "y").unwrap();
        dir.commit(false).unwrap();
        assert_eq!(names(&target), [MARKER, "b.csv"]);
        assert_eq!(names(target.parent().unwrap()), ["res"]);
    }

    #[test]
    fn an_abandoned_result_leaves_no_trace() {
        let parent = scratch("drop");
        let dir = ResultDir::create(&parent.join("res")).unwrap();
        dir.text("a.csv", "half").unwrap();
        drop(dir);
        assert_eq!(fs::read_dir(&parent).unwrap().count(), 0);
    }

    #[test]
    fn refuses_a_folder_whisker_did_not_write_even_with_a_run_toml() {
        let target = scratch("foreign");
        fs::create_dir_all(target.join("src")).unwrap();
        fs::write(target.join("run.toml"), "[task]").unwrap();
        fs::write(target.join("src/main.c"), "int main;").unwrap();
        let err = ResultDir::create(&target).err().unwrap();
        assert!(err.downcast_ref::<UsageError>().is_some());
        assert!(err.to_string().contains("did not write"), "{err}");
        assert!(target.join("src/main.c").is_file());
        // A marker-shaped file of another format proves nothing either.
        fs::write(target.join(MARKER), "format = \"other\"\n[files]\n").unwrap();
        assert!(ResultDir::create(&target).is_err());
    }

    #[test]
    fn a_users_file_survives_the_next_run() {
        let target = scratch("notes").join("res");
        let dir = ResultDir::create(&target).unwrap();
        dir.text("summary.csv", "old").unwrap();
        dir.commit(false).unwrap();
        fs::write(target.join("notes.txt"), "mine").unwrap();
        fs::create_dir(target.join("plots")).unwrap();
        fs::write(target.join("plots/a.png"), "png").unwrap();
        let dir = ResultDir::create(&target).unwrap();
        dir.text("summary.csv", "new").unwrap();
        assert_eq!(dir.commit(false).unwrap(), target);
        assert_eq!(
            fs::read_to_string(target.join("notes.txt")).unwrap(),
            "mine"
        );
        assert_eq!(
            fs::read_to_string(target.join("plots/a.png")).unwrap(),
            "png"
        );
        assert_eq!(
            fs::read_to_string(target.join("summary.csv")).unwrap(),
            "new"
        );
        // The notes are the user's still: not in the marker.
        let m = Manifest::read(&target).unwrap();
        assert!(!m.files.contains_key("notes.txt"));
        assert_eq!(names(target.parent().unwrap()), ["res"]);
    }

    #[test]
    fn a_changed_or_clashing_user_file_sends_the_result_beside_it() {
        let target = scratch("clash").join("res");
        let dir = ResultDir::create(&target).unwrap();
        dir.text("config.toml", "whisker's").unwrap();
        dir.commit(false).unwrap();
        // The user edits whisker's file: it is theirs now.
        fs::write(target.join("config.toml"), "the user's edit").unwrap();
        let dir = ResultDir::create(&target).unwrap();
        dir.text("config.toml", "new").unwrap();
        let went = dir.commit(false).unwrap();
        assert_eq!(went, target.with_file_name("res-2"));
        assert_eq!(
            fs::read_to_string(target.join("config.toml")).unwrap(),
            "the user's edit"
        );
        assert_eq!(fs::read_to_string(went.join("config.toml")).unwrap(), "new");
    }

    #[test]
    fn a_partial_result_never_replaces_a_complete_one() {
        let target = scratch("partial").join("res");
        let dir = ResultDir::create(&target).unwrap();
        dir.text(crate::record::RUN, "games = 10\n").unwrap();
        dir.commit(false).unwrap();
        let dir = ResultDir::create(&target).unwrap();
        dir.text(crate::record::RUN, "partial = true\n").unwrap();
        assert_eq!(dir.commit(true).unwrap(), target.with_file_name("res-2"));
        assert_eq!(
            fs::read_to_string(target.join(crate::record::RUN)).unwrap(),
            "games = 10\n"
        );
    }

    #[test]
    fn a_second_writer_is_refused_before_it_plays() {
        let target = scratch("lock").join("res");
        let first = ResultDir::create(&target).unwrap();
        let second = ResultDir::create(&target).err().unwrap();
        assert!(
            second.to_string().contains("another whisker run"),
            "{second}"
        );
        drop(first);
        let third = ResultDir::create(&target).unwrap();
        drop(third);
        assert_eq!(fs::read_dir(target.parent().unwrap()).unwrap().count(), 0);
    }

    #[test]
    fn stale_staging_is_cleaned_and_a_half_replacement_finished() {
        let parent = scratch("stale");
        let target = parent.join("res");
        // A killed run's staging folder, and the previous result moved aside by a replacement
        // killed before the new result was put in place.
        fs::create_dir(parent.join(".res.partial-99999999")).unwrap();
        fs::write(parent.join(".res.partial-99999999/summary.csv"), "half").unwrap();
        let old = parent.join(".res.partial-99999998.old");
        fs::create_dir(&old).unwrap();
        fs::write(old.join("summary.csv"), "complete").unwrap();
        Manifest::of(&old).unwrap().write(&old).unwrap();
        fs::write(old.join("notes.txt"), "mine").unwrap();
        // Someone else's folder of a similar name is not touched.
        fs::create_dir(parent.join(".res.partial-x")).unwrap();
        let dir = ResultDir::create(&target).unwrap();
        // The previous result is back in place, notes and all.
        assert_eq!(
            fs::read_to_string(target.join("summary.csv")).unwrap(),
            "complete"
        );
        assert_eq!(
            fs::read_to_string(target.join("notes.txt")).unwrap(),
            "mine"
        );
        drop(dir);
        assert_eq!(names(&parent), [".res.partial-x", "res"]);
    }

    #[test]
    fn paths_that_cannot_be_replaced_are_refused_up_front() {
        let d = scratch("paths");
        let cwd = std::env::current_dir().unwrap();
        for bad in [Path::new("/"), &cwd, cwd.parent().unwrap()] {
            assert!(ResultDir::create(bad).is_err(), "{}", bad.display());
        }
        fs::write(d.join("file"), "").unwrap();
        let e = ResultDir::create(&d.join("file")).err().unwrap();
        assert!(e.to_string().contains("is a file"), "{e}");
        // `x/.` and `x/y/..` name x itself.
        let dir = ResultDir::create(&d.join("res/.")).unwrap();
        dir.text("a.csv", "1").unwrap();
        assert_eq!(dir.commit(false).unwrap(), d.join("res/."));
        assert!(d.join("res/a.csv").is_file());
        let dir = ResultDir::create(&d.join("res/sub/..")).unwrap();
        dir.text("b.csv", "1").unwrap();
        dir.commit(false).unwrap();
        assert_eq!(names(&d.join("res")), [MARKER, "b.csv"]);
    }
}
