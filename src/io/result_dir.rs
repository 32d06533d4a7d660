//! Result folders. A result is written to a staging folder beside its target and moved into place
//! only when every file is complete, so a folder is whole or absent. Whisker replaces a folder
//! only when it can prove it wrote it — a marker file of its own format listing the files it
//! wrote, with their sizes and fingerprints — and it never deletes any other file: a user's notes,
//! or a whisker file the user changed, are carried over to the new result (or, if the new result
//! would overwrite one of them, the new result goes to a fresh folder beside it). A lock beside the
//! target keeps two runs from writing the same folder; what a killed run left (its staging
//! folder, a replacement cut short) is cleaned or finished by the next run that takes the lock.
//! Finished games are never thrown away: if the result cannot be put where it was asked for, it
//! goes beside it.

use std::collections::BTreeMap;
use std::ffi::{OsStr, OsString};
use std::fs::{self, File, OpenOptions};
use std::io::Read;
use std::path::{Component, Path, PathBuf};

use anyhow::Context;
use serde::{Deserialize, Serialize};

use crate::core::failure::{Failure, warn};
use crate::io::hash::Fnv;

/// The file that marks a folder as written by whisker, listing what it wrote.
pub(crate) const MARKER: &str = ".whisker-result";
/// The report's file name: the one file a result may gain after it is written.
pub(crate) const REPORT: &str = "report.html";
/// The file inside a staging folder that marks it as whisker's, so only whisker's staging folders
/// are ever cleaned up.
const STAGING: &str = ".whisker-staging";
/// Where a marker is written before it is renamed into place.
const MARKER_STAGED: &str = ".whisker-result.partial";
/// A test hook: a file whose name holds this text (`WHISKER_TEST_FULL_DISK=games.csv`) fails to
/// be written as on a full disk, so the suite can check every write's failure path on any
/// machine (a real full disk is tested too, where the test may mount one).
const FULL_DISK_HOOK: &str = "WHISKER_TEST_FULL_DISK";
/// The first line of a marker: its format, so a stray file of the same name is not taken for one.
const FORMAT: &str = "whisker-result 1";
/// Timing changes every run: recorded without size or fingerprint, and always replaced.
const UNCHECKED: &[&str] = &["host.toml"];
/// The longest target name: the staging and set-aside names built from it must stay within the
/// 255 bytes a file name may have.
const MAX_NAME: usize = 200;
/// How far `NAME-2`, `NAME-3`, … are tried before giving up.
const MAX_SIBLINGS: u32 = 10_000;

/// One file whisker wrote: its size and fingerprint (none for [`UNCHECKED`] files).
#[derive(Serialize, Deserialize, Debug, Default, Clone, PartialEq)]
#[serde(deny_unknown_fields)]
struct Fingerprint {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    bytes: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    fnv1a: Option<String>,
}

/// What a marker says: every file whisker wrote in the folder.
#[derive(Serialize, Deserialize, Debug, Default, PartialEq)]
#[serde(deny_unknown_fields)]
struct Manifest {
    format: String,
    /// For a default folder (no `--out`), the command line that made it: only the same command
    /// line reuses the folder.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    made_by: Option<String>,
    files: BTreeMap<String, Fingerprint>,
}

/// A name of a file directly inside the folder: nothing that reaches outside it.
fn plain(name: &str) -> bool {
    !name.is_empty() && name != "." && name != ".." && !name.contains(['/', '\\', '\0'])
}

/// A file's size and FNV-1a fingerprint.
fn fingerprint(path: &Path) -> std::io::Result<Fingerprint> {
    let mut file = File::open(path)?;
    let (mut hash, mut bytes, mut buf) = (Fnv::default(), 0u64, vec![0u8; 1 << 16]);
    loop {
        let n = file.read(&mut buf)?;
        if n == 0 {
            break;
        }
        hash.write(&buf[..n]);
        bytes += n as u64;
    }
    Ok(Fingerprint {
        bytes: Some(bytes),
        fnv1a: Some(format!("{:016x}", hash.finish())),
    })
}

impl Manifest {
    /// The marker of `dir`, if it has a valid one: whisker's format, and every entry a plain
    /// name with its size and fingerprint (only timing files go without).
    fn read(dir: &Path) -> Option<Self> {
        let text = fs::read_to_string(dir.join(MARKER)).ok()?;
        let m: Self = toml::from_str(&text).ok()?;
        let valid = m.format == FORMAT
            && m.files.iter().all(|(name, e)| {
                plain(name)
                    && (UNCHECKED.contains(&name.as_str())
                        || (e.bytes.is_some() && e.fnv1a.is_some()))
            });
        valid.then_some(m)
    }

    /// The manifest of every file now in `dir` (the markers aside).
    fn of(dir: &Path, made_by: Option<String>) -> anyhow::Result<Self> {
        let mut files = BTreeMap::new();
        for entry in fs::read_dir(dir).with_context(|| format!("listing {}", dir.display()))? {
            let entry = entry?;
            let Ok(name) = entry.file_name().into_string() else {
                continue;
            };
            if [MARKER, MARKER_STAGED, STAGING].contains(&name.as_str())
                || !entry.file_type()?.is_file()
            {
                continue;
            }
            let e = if UNCHECKED.contains(&name.as_str()) {
                Fingerprint::default()
            } else {
                fingerprint(&entry.path())
                    .with_context(|| format!("reading {}", entry.path().display()))?
            };
            files.insert(name, e);
        }
        Ok(Self {
            format: FORMAT.into(),
            made_by,
            files,
        })
    }

    /// Writes the marker whole or not at all: to a file beside it, then renamed over it, so a
    /// full disk never leaves a cut-short marker (which would make the folder unverifiable).
    fn write(&self, dir: &Path) -> anyhow::Result<()> {
        let text = format!(
            "# whisker wrote this folder. A later run to it replaces the files listed here, if they are\n\
             # unchanged (size and FNV-1a fingerprint), and keeps every other file.\n{}",
            toml::to_string(self)?
        );
        let (path, staged) = (dir.join(MARKER), dir.join(MARKER_STAGED));
        let written = write_file(&staged, text.as_bytes()).and_then(|()| {
            fs::rename(&staged, &path).with_context(|| format!("writing {}", path.display()))
        });
        if written.is_err() {
            let _ = fs::remove_file(&staged);
        }
        written
    }

    /// Whether `name` in `dir` is a file whisker wrote that nobody has changed since.
    fn owns(&self, dir: &Path, name: &OsStr) -> bool {
        let Some(name) = name.to_str() else {
            return false;
        };
        // A marker cut short by a crash before its rename is whisker's too.
        if name == MARKER || name == MARKER_STAGED {
            return true;
        }
        let Some(entry) = self.files.get(name).filter(|_| plain(name)) else {
            return false;
        };
        let path = dir.join(name);
        let is_file = fs::symlink_metadata(&path).is_ok_and(|m| m.is_file());
        is_file && (UNCHECKED.contains(&name) || fingerprint(&path).is_ok_and(|now| now == *entry))
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

/// Creates `path` for writing, naming the file in any error (a full disk says which file).
pub(crate) fn create_file(path: &Path) -> anyhow::Result<File> {
    let full = std::env::var_os(FULL_DISK_HOOK).is_some_and(|name| {
        let file = path.file_name().unwrap_or_default().to_string_lossy();
        !name.is_empty() && file.contains(&*name.to_string_lossy())
    });
    let file = if full {
        Err(std::io::Error::from_raw_os_error(libc::ENOSPC))
    } else {
        File::create(path)
    };
    file.with_context(|| format!("writing {}", path.display()))
}

/// Syncs the file under a flushed CSV writer (see [`write_file`]).
fn synced(w: csv::Writer<File>, path: &Path) -> anyhow::Result<()> {
    let file = w
        .into_inner()
        .map_err(|e| anyhow::anyhow!("writing {}: {}", path.display(), e.error()))?;
    file.sync_all()
        .with_context(|| format!("writing {}", path.display()))
}

/// Writes `bytes` to `path`, naming the file in any error (a full disk says which file).
pub(crate) fn write_file(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    use std::io::Write as _;
    // Synced: a file system that reports a full disk only when the data reaches it (NFS, a
    // quota) reports it here, not after the run says it succeeded.
    let mut file = create_file(path)?;
    file.write_all(bytes)
        .and_then(|()| file.sync_all())
        .with_context(|| format!("writing {}", path.display()))
}

/// An exclusive claim on one target folder, held from before the first game until the result is
/// in place. The lock file is empty; it is removed before it is unlocked, and a lock taken on a
/// file that was removed meanwhile is taken again, so two runs never both hold it.
struct Lock {
    path: PathBuf,
    file: Option<File>,
}

/// Why a lock could not be had.
enum Busy {
    /// Another run holds it.
    Held,
    Failed(anyhow::Error),
}

impl Lock {
    fn try_take(parent: &Path, name: &OsStr, shown: &Path) -> Result<Self, Busy> {
        let path = parent.join(dotted(name, ".lock"));
        let unusable = |why: String| {
            Busy::Failed(Failure::Usage(format!("--out {}: {why}", shown.display())).into())
        };
        loop {
            if fs::symlink_metadata(&path).is_ok_and(|m| !m.is_file() || m.len() > 0) {
                return Err(unusable(format!(
                    "{} is in the way (whisker's lock files are empty); move it",
                    path.display()
                )));
            }
            let file = OpenOptions::new()
                .create(true)
                .truncate(false)
                .write(true)
                .open(&path)
                .map_err(|e| unusable(format!("cannot write results there ({e})")))?;
            match file.try_lock() {
                Ok(()) => {}
                Err(fs::TryLockError::WouldBlock) => return Err(Busy::Held),
                // A filesystem without locks: go on unlocked, as whisker did before it locked.
                Err(fs::TryLockError::Error(_)) => return Ok(Self { path, file: None }),
            }
            if same_file(&file, &path) {
                return Ok(Self {
                    path,
                    file: Some(file),
                });
            }
        }
    }

    fn take(parent: &Path, name: &OsStr, shown: &Path) -> anyhow::Result<Self> {
        Self::try_take(parent, name, shown).map_err(|b| match b {
            Busy::Held => busy(shown).into(),
            Busy::Failed(e) => e,
        })
    }

    /// Whether no other run can hold it (false on a filesystem without locks).
    fn exclusive(&self) -> bool {
        self.file.is_some()
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        if self.file.is_some() {
            let _ = fs::remove_file(&self.path);
        }
        // The file closes after this, releasing the lock.
    }
}

/// The error for a folder another run is writing.
fn busy(shown: &Path) -> Failure {
    Failure::Usage(format!(
        "another whisker run is writing {}; wait for it to finish or choose another --out",
        shown.display()
    ))
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

/// Whether `path` (resolved) is where a filesystem is mounted, bind mounts included: such a folder
/// cannot be renamed, so a result cannot replace it whole.
#[cfg(target_os = "linux")]
fn mount_point(path: &Path) -> bool {
    // Field 5 of each line is a mount point, with space, tab, newline and backslash as octal
    // escapes.
    let unescape = |field: &str| {
        let mut out = Vec::new();
        let bytes = field.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let octal = bytes.get(i + 1..i + 4).and_then(|d| {
                let d = std::str::from_utf8(d).ok()?;
                u8::from_str_radix(d, 8).ok()
            });
            match (bytes[i], octal) {
                (b'\\', Some(b)) => {
                    out.push(b);
                    i += 4;
                }
                (b, _) => {
                    out.push(b);
                    i += 1;
                }
            }
        }
        out
    };
    use std::os::unix::ffi::OsStrExt;
    let Ok(info) = fs::read_to_string("/proc/self/mountinfo") else {
        return device_differs(path);
    };
    info.lines()
        .filter_map(|l| l.split(' ').nth(4))
        .any(|m| Path::new(OsStr::from_bytes(&unescape(m))) == path)
}

#[cfg(not(target_os = "linux"))]
fn mount_point(path: &Path) -> bool {
    device_differs(path)
}

/// Whether `path` is on another device than its parent.
fn device_differs(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let dev = |p: &Path| fs::metadata(p).ok().map(|m| m.dev());
        path.parent().is_some_and(|p| dev(path) != dev(p))
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        false
    }
}

/// `.NAME` followed by `suffix`, for the files whisker keeps beside a target.
fn dotted(name: &OsStr, suffix: &str) -> OsString {
    let mut s = OsString::from(".");
    s.push(name);
    s.push(suffix);
    s
}

/// `NAME-i`, a folder beside a target.
fn sibling(name: &OsStr, i: u32) -> OsString {
    let mut s = name.to_os_string();
    s.push(format!("-{i}"));
    s
}

/// What a leftover entry beside a target is, from its name: `.NAME.partial-PID` (a staging
/// folder) or `.NAME.partial-PID.old[N]` (the previous result, moved aside while a new one took
/// its place).
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord, Clone, Copy)]
enum Left {
    Staging,
    Aside,
}

/// What a leftover is, and the process that left it.
fn leftover(entry: &OsStr, name: &OsStr) -> Option<(Left, u32)> {
    let prefix = dotted(name, ".partial-");
    let rest = entry
        .as_encoded_bytes()
        .strip_prefix(prefix.as_encoded_bytes())?;
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    let pid = std::str::from_utf8(&rest[..digits]).ok()?.parse().ok()?;
    match &rest[digits..] {
        [] => Some((Left::Staging, pid)),
        [b'.', b'o', b'l', b'd', n @ ..] if n.iter().all(u8::is_ascii_digit) => {
            Some((Left::Aside, pid))
        }
        _ => None,
    }
}

/// Whether process `pid` is running (for filesystems without locks, where a leftover's process
/// is all there is to go by).
#[cfg(unix)]
fn alive(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return false;
    };
    // SAFETY: signal 0 only asks whether the process exists; nothing is sent.
    let r = unsafe { libc::kill(pid, 0) };
    r == 0 || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
}

#[cfg(not(unix))]
fn alive(_: u32) -> bool {
    true
}

/// Whether this process may write in `path` (for a folder: make, remove and rename entries).
#[cfg(unix)]
fn writable(path: &Path) -> bool {
    use std::os::unix::ffi::OsStrExt;
    let Ok(c) = std::ffi::CString::new(path.as_os_str().as_bytes()) else {
        return false;
    };
    // SAFETY: `c` is a valid NUL-terminated path for the duration of the call.
    unsafe { libc::access(c.as_ptr(), libc::W_OK) == 0 }
}

#[cfg(not(unix))]
fn writable(_: &Path) -> bool {
    true
}

/// Why the user's entry `name` in the folder `dir` could not be moved to a new folder beside it,
/// if it could not: the folder cannot be written, a folder entry cannot be (its `..` changes),
/// or it is a mount point.
fn unmovable(dir: &Path, name: &OsStr) -> Option<&'static str> {
    let path = dir.join(name);
    let is_dir = fs::symlink_metadata(&path).is_ok_and(|m| m.is_dir());
    if !writable(dir) {
        Some("the folder cannot be written")
    } else if is_dir && mount_point(&path) {
        Some("a mount point")
    } else if is_dir && !writable(&path) {
        Some("a folder that cannot be written")
    } else {
        None
    }
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
pub(crate) struct ResultDir {
    /// Where the result goes, resolved.
    target: PathBuf,
    /// How the user named it, for messages.
    shown: PathBuf,
    staging: PathBuf,
    made_by: Option<String>,
    committed: bool,
    _lock: Lock,
}

impl ResultDir {
    /// Prepares to write `target` (`--out`).
    pub(crate) fn create(target: &Path) -> anyhow::Result<Self> {
        Self::open(target, None)?.map_err(|why| why.into())
    }

    /// Prepares to write a default folder for the command line `made_by`: `target`, or, if it
    /// holds something else (another command line's result, a folder whisker did not write), the
    /// first of `target-2`, `target-3`, … that is free or holds this command line's result. Two
    /// command lines never share a default folder.
    pub(crate) fn create_default(target: &Path, made_by: &str) -> anyhow::Result<Self> {
        let name = target.file_name().unwrap_or_default();
        for i in 1..MAX_SIBLINGS {
            let candidate = if i == 1 {
                target.to_path_buf()
            } else {
                target.with_file_name(sibling(name, i))
            };
            let Ok(dir) = Self::open(&candidate, Some(made_by.to_string()))? else {
                continue;
            };
            let ours =
                Manifest::read(&dir.target).is_none_or(|m| m.made_by.as_deref() == Some(made_by));
            if ours {
                return Ok(dir);
            }
        }
        Err(Failure::Usage(format!("{}: no free folder beside it", target.display())).into())
    }

    /// Everything that could stop the result from being put in place is checked here, before a
    /// game is played: a folder whisker did not write, a file, a dangling link, the working
    /// folder or one holding it, a mount point, a name too long, another run writing there, a
    /// parent that cannot be written.
    ///
    /// The inner error is for what a default folder steps around to the next `NAME-i`: a folder
    /// whisker did not write, or another run writing there.
    fn open(target: &Path, made_by: Option<String>) -> anyhow::Result<Result<Self, Failure>> {
        let shown = target.to_path_buf();
        let unusable = |why: String| -> anyhow::Error {
            Failure::Usage(format!("--out {}: {why}", shown.display())).into()
        };
        let path = resolve(target).map_err(|e| unusable(e.to_string()))?;
        let (Some(parent), Some(name)) = (path.parent(), path.file_name()) else {
            return Err(unusable("a result needs a folder of its own".into()));
        };
        let (parent, name) = (parent.to_path_buf(), name.to_os_string());
        if name.len() > MAX_NAME {
            return Err(unusable(format!(
                "the folder's name is {} bytes long; at most {MAX_NAME}",
                name.len()
            )));
        }
        if let Ok(cwd) = std::env::current_dir().and_then(fs::canonicalize)
            && cwd.starts_with(&path)
        {
            return Err(unusable(
                "that is the folder you are working in (or holds it); whisker writes a result as a folder of its own: name a new one inside it, such as results".into(),
            ));
        }
        if let Ok(link) = fs::symlink_metadata(&path) {
            match fs::metadata(&path) {
                Err(_) if link.is_symlink() => {
                    return Err(unusable(
                        "it is a symbolic link to nothing (or a loop of links)".into(),
                    ));
                }
                Ok(m) if !m.is_dir() => return Err(unusable("it is a file, not a folder".into())),
                _ => {}
            }
            if mount_point(&path) {
                return Err(unusable(
                    "it is a mount point, which cannot be replaced whole; name a folder inside it"
                        .into(),
                ));
            }
        }
        fs::create_dir_all(&parent).map_err(|e| {
            let file = parent
                .ancestors()
                .find(|a| fs::metadata(a).is_ok_and(|m| !m.is_dir()));
            unusable(match file {
                Some(f) => format!("{} is a file, not a folder", f.display()),
                None => format!("cannot write results there ({e})"),
            })
        })?;
        let lock = match Lock::try_take(&parent, &name, &shown) {
            Ok(lock) => lock,
            Err(Busy::Held) => return Ok(Err(busy(&shown))),
            Err(Busy::Failed(e)) => return Err(e),
        };
        recover(&parent, &name, &path, lock.exclusive());
        if path.exists() && Manifest::read(&path).is_none() {
            let empty = fs::read_dir(&path).is_ok_and(|mut d| d.next().is_none());
            if !empty {
                return Ok(Err(Failure::Usage(format!(
                    "--out {}: it exists and whisker did not write it (no valid {MARKER} marker; folders made by whisker before 0.2 have none): choose another --out, or empty it",
                    shown.display()
                ))));
            }
        }
        let staging = parent.join(dotted(&name, &format!(".partial-{}", std::process::id())));
        fs::create_dir(&staging)
            .and_then(|()| fs::write(staging.join(STAGING), ""))
            .map_err(|e| unusable(format!("cannot write results there ({e})")))?;
        Ok(Ok(Self {
            target: path,
            shown,
            staging,
            made_by,
            committed: false,
            _lock: lock,
        }))
    }

    /// Where a file of this result is written before the commit.
    pub(crate) fn file(&self, name: &str) -> PathBuf {
        self.staging.join(name)
    }

    pub(crate) fn csv<R: Serialize>(
        &self,
        name: &str,
        rows: impl IntoIterator<Item = R>,
    ) -> anyhow::Result<()> {
        let path = self.file(name);
        let context = || format!("writing {}", path.display());
        let mut w = csv::Writer::from_writer(create_file(&path)?);
        for row in rows {
            w.serialize(row).with_context(context)?;
        }
        w.flush().with_context(context)?;
        synced(w, &path)
    }

    /// A CSV file of `rows` that may be none: serde writes the header with the first row, so
    /// with none the file would be empty rather than a table of no rows that a reader
    /// (whisker's own report) can take.
    pub(crate) fn table<R: Serialize + Default>(
        &self,
        name: &str,
        rows: &[R],
    ) -> anyhow::Result<()> {
        if rows.is_empty() {
            self.records(name, &header_of::<R>(), std::iter::empty())
        } else {
            self.csv(name, rows)
        }
    }

    /// A CSV file of plain records under `header` (columns that differ from run to run).
    pub(crate) fn records(
        &self,
        name: &str,
        header: &[String],
        rows: impl IntoIterator<Item = Vec<String>>,
    ) -> anyhow::Result<()> {
        let path = self.file(name);
        let context = || format!("writing {}", path.display());
        let mut w = csv::Writer::from_writer(create_file(&path)?);
        w.write_record(header).with_context(context)?;
        for row in rows {
            w.write_record(&row).with_context(context)?;
        }
        w.flush().with_context(context)?;
        synced(w, &path)
    }

    pub(crate) fn text(&self, name: &str, text: &str) -> anyhow::Result<()> {
        write_file(&self.file(name), text.as_bytes())
    }

    /// The folder being written (the files written so far), before it is committed.
    pub(crate) fn staging(&self) -> &Path {
        &self.staging
    }

    /// Where the result will be, as the user named it (unless [`Self::commit`] has to put it
    /// beside, and says so).
    pub(crate) fn shown(&self) -> &Path {
        &self.shown
    }

    /// Moves the finished folder into place and returns where it went. Whisker's own files of an
    /// earlier result there are replaced; the user's files are kept. If the new result would
    /// overwrite a user's file, if a `partial` result would replace a complete one, or if the
    /// folder cannot be replaced at all, the result goes to the first free `NAME-2`, `NAME-3`, …
    /// beside it instead, and a warning says so.
    ///
    /// A result whose marker cannot be written (a full disk) is not a result: the run fails,
    /// naming the file and the error, and the unfinished folder is removed, never left to look
    /// finished.
    pub(crate) fn commit(mut self, partial: bool) -> anyhow::Result<PathBuf> {
        Manifest::of(&self.staging, self.made_by.clone())
            .and_then(|m| m.write(&self.staging))
            .with_context(|| {
                format!(
                    "the result could not be finished, so nothing was written to {}; make room and run the command again (the same seed plays the same games)",
                    self.shown.display()
                )
            })?;
        // From here the staging folder holds a finished result: never deleted. The next run
        // puts it in place if this one is killed.
        self.committed = true;
        let _ = fs::remove_file(self.staging.join(STAGING));
        let placed = match self.blocked_by(partial) {
            Ok(Ok(foreign)) if self.target.exists() => self.replace(&foreign),
            Ok(Ok(_)) => fs::rename(&self.staging, &self.target)
                .with_context(|| format!("writing {}", self.target.display())),
            Ok(Err(why)) => Err(anyhow::anyhow!(why)),
            Err(e) => Err(e),
        };
        match placed {
            // Shown as the user named it when it went where they asked.
            Ok(()) => Ok(self.shown.clone()),
            Err(why) => {
                let beside = place_beside(&self.staging, &self.target)?;
                warn(&format!(
                    "{why:#}; this result is written to {} instead",
                    beside.display()
                ));
                Ok(beside)
            }
        }
    }

    /// The user's entries in the target, which the new result will carry over; or why it cannot
    /// take the target's place.
    fn blocked_by(&self, partial: bool) -> anyhow::Result<Result<Vec<OsString>, String>> {
        let Some(old) = Manifest::read(&self.target) else {
            // Checked when the run began; something else may have taken its place since.
            let empty = fs::read_dir(&self.target).is_ok_and(|mut d| d.next().is_none());
            let gone = fs::symlink_metadata(&self.target).is_err();
            return Ok(if gone || empty {
                Ok(Vec::new())
            } else {
                Err(format!(
                    "{} is no longer a folder whisker wrote",
                    self.shown.display()
                ))
            });
        };
        let foreign = old.foreign(&self.target)?;
        let clash: Vec<String> = foreign
            .iter()
            .filter(|n| self.staging.join(n).exists())
            .map(|n| n.to_string_lossy().into_owned())
            .collect();
        if !clash.is_empty() {
            return Ok(Err(format!(
                "{} holds {} that whisker did not write (or that changed since), which this result would overwrite",
                self.shown.display(),
                clash.join(", ")
            )));
        }
        // The user's entries move to the new folder: each must be movable, or they would be
        // left behind in the old one.
        if let Some((name, why)) = foreign
            .iter()
            .find_map(|n| unmovable(&self.target, n).map(|why| (n, why)))
        {
            return Ok(Err(format!(
                "{} holds {} ({why}), which whisker cannot carry over to a new result",
                self.shown.display(),
                name.to_string_lossy()
            )));
        }
        // whisker's old files are deleted once the new result is in place: from a folder made
        // read-only they could not be, and it would be set aside for good, hidden beside the new
        // one at every run. Such a folder is left as it is.
        if !writable(&self.target) {
            return Ok(Err(format!(
                "{} cannot be written (made read-only?), so whisker leaves it as it is",
                self.shown.display()
            )));
        }
        let old_partial = fs::read_to_string(self.target.join(crate::io::record::RUN))
            .ok()
            .and_then(|t| t.parse::<toml::Table>().ok())
            .and_then(|t| t.get("partial").and_then(toml::Value::as_bool))
            .unwrap_or(false);
        if partial && !old_partial {
            return Ok(Err(format!(
                "{} holds a complete result, which an interrupted run does not replace",
                self.shown.display()
            )));
        }
        Ok(Ok(foreign))
    }

    /// Swaps the new result in for the old one: the old folder is moved aside, the new one put
    /// in its place (with the old one's permissions), the user's `foreign` entries moved across,
    /// and only then are whisker's old files deleted. A crash at any point leaves the previous or
    /// the new result whole, and the next run finishes the replacement ([`recover`]).
    fn replace(&self, foreign: &[OsString]) -> anyhow::Result<()> {
        let aside = (0..MAX_SIBLINGS)
            .map(|i| {
                let mut s = self.staging.clone().into_os_string();
                s.push(if i == 0 {
                    ".old".into()
                } else {
                    format!(".old{i}")
                });
                PathBuf::from(s)
            })
            .find(|p| fs::symlink_metadata(p).is_err())
            .context("no free name to set the old result aside")?;
        let permissions = fs::metadata(&self.target).map(|m| m.permissions());
        fs::rename(&self.target, &aside)
            .with_context(|| format!("moving aside {}", self.target.display()))?;
        if let Err(e) = fs::rename(&self.staging, &self.target) {
            let _ = fs::rename(&aside, &self.target);
            return Err(e).with_context(|| format!("writing {}", self.target.display()));
        }
        settle(&aside, &self.target, Some(foreign));
        if let Ok(p) = permissions {
            let _ = fs::set_permissions(&self.target, p);
        }
        Ok(())
    }
}

/// Puts the finished result in `staging` into the first free `NAME-i` beside `target`, under that
/// folder's lock (a run writing there is stepped around). If even that fails, the result stays
/// in `staging`, which the error names.
fn place_beside(staging: &Path, target: &Path) -> anyhow::Result<PathBuf> {
    let (parent, name) = (
        target.parent().unwrap_or(Path::new("/")),
        target.file_name().unwrap_or_default(),
    );
    for i in 2..MAX_SIBLINGS {
        let candidate = parent.join(sibling(name, i));
        let Ok(_lock) = Lock::try_take(parent, &sibling(name, i), &candidate) else {
            continue;
        };
        if fs::symlink_metadata(&candidate).is_ok() {
            continue;
        }
        if fs::rename(staging, &candidate).is_ok() {
            return Ok(candidate);
        }
        break;
    }
    anyhow::bail!(
        "the finished result could not be put in place; it is kept whole in {} (rename it to keep it)",
        staging.display()
    )
}

impl Drop for ResultDir {
    fn drop(&mut self) {
        if !self.committed {
            remove_staging(&self.staging);
        }
    }
}

/// Deletes an unfinished staging folder: whisker wrote every file in it (it holds the staging
/// mark). Anything else found there is left.
fn remove_staging(dir: &Path) {
    if !dir.join(STAGING).is_file() {
        return;
    }
    if let Ok(entries) = fs::read_dir(dir) {
        for e in entries.flatten() {
            if e.file_type().is_ok_and(|t| t.is_file()) && e.file_name() != STAGING {
                let _ = fs::remove_file(e.path());
            }
        }
    }
    let _ = fs::remove_file(dir.join(STAGING));
    let _ = fs::remove_dir(dir);
}

/// Finishes a replacement whose old result was moved to `aside`: the user's entries there
/// (`foreign`, when the caller has just worked them out) move to `target` where no entry of that
/// name is in the way, whisker's unchanged files are deleted, and the folder goes once empty.
/// Whatever cannot be moved stays in `aside`, never deleted, and a warning says where.
fn settle(aside: &Path, target: &Path, foreign: Option<&[OsString]>) {
    let Some(manifest) = Manifest::read(aside) else {
        // An empty folder (`mkdir res` before `--out res`), or one whose marker went last.
        let _ = fs::remove_dir(aside);
        return;
    };
    let foreign = match foreign {
        Some(f) => f.to_vec(),
        None => match manifest.foreign(aside) {
            Ok(f) => f,
            Err(_) => return,
        },
    };
    for name in &foreign {
        let to = target.join(name);
        if fs::symlink_metadata(&to).is_err() {
            let _ = fs::rename(aside.join(name), to);
        }
    }
    // What is not the user's is whisker's, unchanged: `foreign` holds everything else.
    let mut stuck = Vec::new();
    for name in manifest.files.keys() {
        if !foreign.iter().any(|f| f == name.as_str()) && fs::remove_file(aside.join(name)).is_err()
        {
            stuck.push(name.as_str());
        }
    }
    let left = fs::read_dir(aside).map_or(0, Iterator::count);
    if left == 1 {
        let _ = fs::remove_file(aside.join(MARKER));
        let _ = fs::remove_dir(aside);
        return;
    }
    // The old result's own files that would not go (a file made immutable, a folder turned
    // read-only) are not the user's: the warning says which is which.
    let mut kept = Vec::new();
    if left > 1 + stuck.len() {
        kept.push("files whisker did not write".to_string());
    }
    if !stuck.is_empty() {
        kept.push(format!(
            "the previous result's {}, which whisker could not remove",
            stuck.join(", ")
        ));
    }
    warn(&format!("kept in {}: {}", aside.display(), kept.join("; ")));
}

/// Cleans what killed runs left beside `target`, with the target's lock held (`exclusive`: no
/// live run owns any of it; on a filesystem without locks, only what dead processes left is
/// touched): a finished result still in its staging folder is put in place (or beside it), the
/// previous result moved aside by a replacement cut short is put back or settled into the new
/// one, and unfinished staging folders are deleted.
fn recover(parent: &Path, name: &OsStr, target: &Path, exclusive: bool) {
    let Ok(entries) = fs::read_dir(parent) else {
        return;
    };
    let mut left: Vec<(Left, PathBuf)> = entries
        .flatten()
        .filter_map(|e| {
            let (kind, pid) = leftover(&e.file_name(), name)?;
            (exclusive || !alive(pid)).then(|| (kind, e.path()))
        })
        .collect();
    // Staging folders before set-aside ones: a run killed between its two renames left both,
    // and its new result must be in place before the old one is settled into it.
    left.sort();
    for (kind, path) in left {
        match kind {
            Left::Staging if Manifest::read(&path).is_none() => remove_staging(&path),
            Left::Staging => {
                // A finished result whose run was killed while putting it in place.
                let _ = fs::remove_file(path.join(STAGING));
                if fs::symlink_metadata(target).is_err() {
                    let _ = fs::rename(&path, target);
                } else if let Ok(to) = place_beside(&path, target) {
                    warn(&format!(
                        "a finished result left by a stopped run is in {}",
                        to.display()
                    ));
                }
            }
            Left::Aside
                if fs::symlink_metadata(target).is_err() && Manifest::read(&path).is_some() =>
            {
                let _ = fs::rename(&path, target);
            }
            Left::Aside => settle(&path, target, None),
        }
    }
}

/// Adds `file` to the finished result folder `dir` (a report made later): under the folder's
/// lock, `write` makes it, and the marker records it as whisker's.
pub(crate) fn add_file(
    dir: &Path,
    file: &str,
    write: impl FnOnce(&Path) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let path = resolve(dir)?;
    let (Some(parent), Some(name)) = (path.parent(), path.file_name()) else {
        return write(&dir.join(file));
    };
    let _lock = Lock::take(parent, name, dir)?;
    write(&path.join(file))?;
    if let Some(mut m) = Manifest::read(&path) {
        let entry = fingerprint(&path.join(file))?;
        m.files.insert(file.into(), entry);
        m.write(&path)?;
    }
    Ok(())
}

/// Whether `dir` is a result folder whose marker records `file` as whisker wrote it: a file
/// edited since, or one the marker does not list, is a person's.
pub(crate) fn wrote(dir: &Path, file: &str) -> bool {
    Manifest::read(dir).is_some_and(|m| m.owns(dir, OsStr::new(file)))
}

/// Whether `dir` is a folder whisker wrote (has a valid marker).
pub(crate) fn is_result(dir: &Path) -> bool {
    Manifest::read(dir).is_some()
}

/// Refuses `dir` (exit 2, `advice` said) if any of its files changed since whisker wrote them,
/// or if that cannot be told: a folder without a valid marker is never read as good.
pub(crate) fn unchanged(dir: &Path, advice: &str) -> Result<(), Failure> {
    if Manifest::read(dir).is_none() {
        let why = if dir.join(MARKER).exists() {
            "is damaged"
        } else {
            "is missing (copy result folders with their hidden files: `cp -r DIR`, not `DIR/*`)"
        };
        return Err(Failure::Usage(format!(
            "{}: its {MARKER} marker {why}, so whisker cannot tell whether its files are whole or were edited: {advice}",
            dir.display()
        )));
    }
    let (changed, gone): (Vec<String>, Vec<String>) = damaged(dir)
        .into_iter()
        .partition(|name| dir.join(name).exists());
    let mut what = Vec::new();
    if !gone.is_empty() {
        let verb = if gone.len() == 1 { "is" } else { "are" };
        what.push(format!("{} {verb} gone", gone.join(", ")));
    }
    if !changed.is_empty() {
        let them = if changed.len() == 1 { "it" } else { "them" };
        what.push(format!(
            "{} changed since whisker wrote {them}",
            changed.join(", ")
        ));
    }
    if what.is_empty() {
        return Ok(());
    }
    Err(Failure::Usage(format!(
        "{}: {}: {advice}",
        dir.display(),
        what.join(", and ")
    )))
}

/// The files of `dir` that differ from what whisker wrote there (cut short, edited) or are gone
/// — all but the timing record and the report page, which are not part of the result.
pub(crate) fn damaged(dir: &Path) -> Vec<String> {
    let Some(m) = Manifest::read(dir) else {
        return Vec::new();
    };
    m.files
        .keys()
        .filter(|name| {
            let optional = UNCHECKED.contains(&name.as_str()) || *name == REPORT;
            let gone_but_optional = optional && !dir.join(name).exists();
            !gone_but_optional && !m.owns(dir, name.as_ref())
        })
        .cloned()
        .collect()
}

/// The column names serde gives a row of type `R`: the header line of one written row.
fn header_of<R: Serialize + Default>() -> Vec<String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    // A row of plain fields always serialises: the header is its names, whatever the values.
    w.serialize(R::default()).expect("a row serialises");
    let bytes = w.into_inner().expect("writing to memory");
    let mut r = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(bytes.as_slice());
    r.records()
        .next()
        .and_then(Result::ok)
        .map(|h| h.iter().map(String::from).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text of `name` in `dir`.
    fn read(dir: &Path, name: &str) -> String {
        fs::read_to_string(dir.join(name)).unwrap()
    }

    fn scratch(name: &str) -> crate::io::scratch::Scratch {
        crate::io::scratch::scratch(&format!("output-{name}"))
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    /// A finished result in `target` holding `files`.
    fn result(target: &Path, files: &[(&str, &str)]) {
        let dir = ResultDir::create(target).unwrap();
        for (name, text) in files {
            dir.text(name, text).unwrap();
        }
        dir.commit(false).unwrap();
    }

    #[test]
    fn nothing_appears_until_commit() {
        let scratch_dir = scratch("commit");
        let target = scratch_dir.join("res");
        let dir = ResultDir::create(&target).unwrap();
        dir.text("a.csv", "x").unwrap();
        assert!(!target.exists());
        dir.commit(false).unwrap();
        assert_eq!(names(&target), [MARKER, "a.csv"]);
        // A second result replaces the first, whisker's files only.
        result(&target, &[("b.csv", "y")]);
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
        assert!(err.downcast_ref::<Failure>().is_some());
        assert!(err.to_string().contains("did not write"), "{err}");
        assert!(target.join("src/main.c").is_file());
        // A marker-shaped file of another format proves nothing either.
        fs::write(target.join(MARKER), "format = \"other\"\n[files]\n").unwrap();
        assert!(ResultDir::create(&target).is_err());
    }

    #[test]
    fn a_marker_cannot_reach_outside_its_folder() {
        let d = scratch("reach");
        let target = d.join("res");
        result(&target, &[("a.csv", "x")]);
        fs::write(d.join("victim.txt"), "mine").unwrap();
        let text = read(&target, MARKER);
        for entry in [
            "[files.\"../victim.txt\"]\n",
            "[files.\"../victim.txt\"]\nbytes = 4\nfnv1a = \"0\"\n",
        ] {
            fs::write(target.join(MARKER), format!("{text}{entry}")).unwrap();
            assert!(ResultDir::create(&target).is_err(), "{entry}");
        }
        assert!(d.join("victim.txt").is_file());
    }

    #[test]
    fn a_users_file_survives_the_next_run() {
        let scratch_dir = scratch("notes");
        let target = scratch_dir.join("res");
        result(&target, &[("summary.csv", "old")]);
        fs::write(target.join("notes.txt"), "mine").unwrap();
        fs::create_dir(target.join("plots")).unwrap();
        fs::write(target.join("plots/a.png"), "png").unwrap();
        let dir = ResultDir::create(&target).unwrap();
        dir.text("summary.csv", "new").unwrap();
        assert_eq!(dir.commit(false).unwrap(), target);
        assert_eq!(read(&target, "notes.txt"), "mine");
        assert_eq!(read(&target, "plots/a.png"), "png");
        assert_eq!(read(&target, "summary.csv"), "new");
        // The notes are the user's still: not in the marker.
        let m = Manifest::read(&target).unwrap();
        assert!(!m.files.contains_key("notes.txt"));
        assert_eq!(names(target.parent().unwrap()), ["res"]);
    }

    #[test]
    fn a_changed_or_clashing_user_file_sends_the_result_beside_it() {
        let scratch_dir = scratch("clash");
        let target = scratch_dir.join("res");
        result(&target, &[("config.toml", "length = 10")]);
        // The user edits whisker's file, keeping its size: it is theirs now.
        fs::write(target.join("config.toml"), "length = 20").unwrap();
        let dir = ResultDir::create(&target).unwrap();
        dir.text("config.toml", "new").unwrap();
        let went = dir.commit(false).unwrap();
        assert_eq!(went, target.with_file_name("res-2"));
        assert_eq!(read(&target, "config.toml"), "length = 20");
        assert_eq!(read(&went, "config.toml"), "new");
    }

    #[test]
    fn a_result_that_cannot_replace_its_folder_goes_beside_it() {
        let scratch_dir = scratch("blocked");
        let target = scratch_dir.join("res");
        result(&target, &[("a.csv", "old")]);
        let dir = ResultDir::create(&target).unwrap();
        dir.text("a.csv", "new").unwrap();
        // The folder is swapped for a file behind whisker's back: it cannot be replaced.
        fs::remove_dir_all(&target).unwrap();
        fs::write(&target, "in the way").unwrap();
        let went = dir.commit(false).unwrap();
        assert_eq!(went, target.with_file_name("res-2"));
        assert_eq!(read(&went, "a.csv"), "new");
    }

    #[test]
    fn a_partial_result_never_replaces_a_complete_one() {
        let scratch_dir = scratch("partial");
        let target = scratch_dir.join("res");
        result(&target, &[(crate::io::record::RUN, "games = 10\n")]);
        let dir = ResultDir::create(&target).unwrap();
        dir.text(crate::io::record::RUN, "partial = true\n")
            .unwrap();
        assert_eq!(dir.commit(true).unwrap(), target.with_file_name("res-2"));
        assert_eq!(read(&target, crate::io::record::RUN), "games = 10\n");
    }

    #[test]
    fn a_default_folder_is_never_shared_by_two_command_lines() {
        let scratch_dir = scratch("default");
        let target = scratch_dir.join("my-game");
        for (made_by, text) in [("a", "1"), ("b", "2"), ("a", "3")] {
            let dir = ResultDir::create_default(&target, made_by).unwrap();
            dir.text("x.csv", text).unwrap();
            dir.commit(false).unwrap();
        }
        assert_eq!(read(&target, "x.csv"), "3");
        let other = target.with_file_name("my-game-2");
        assert_eq!(read(&other, "x.csv"), "2");
    }

    #[test]
    fn an_empty_folder_is_taken_without_a_trace() {
        let parent = scratch("empty");
        let target = parent.join("res");
        fs::create_dir(&target).unwrap();
        result(&target, &[("a.csv", "x")]);
        assert_eq!(names(&parent), ["res"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_replaced_folder_keeps_its_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let scratch_dir = scratch("mode");
        let target = scratch_dir.join("res");
        result(&target, &[("a.csv", "x")]);
        fs::set_permissions(&target, fs::Permissions::from_mode(0o750)).unwrap();
        result(&target, &[("a.csv", "y")]);
        let mode = fs::metadata(&target).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o750);
    }

    #[test]
    fn a_file_is_added_to_a_result_only_under_its_lock() {
        let scratch_dir = scratch("add");
        let target = scratch_dir.join("res");
        result(&target, &[("a.csv", "x")]);
        let writing = ResultDir::create(&target).unwrap();
        let e = add_file(&target, "report.html", |p| write_file(p, b"page"))
            .err()
            .unwrap();
        assert!(e.to_string().contains("another whisker run"), "{e}");
        assert!(!target.join("report.html").exists());
        drop(writing);
        add_file(&target, "report.html", |p| write_file(p, b"page")).unwrap();
        assert!(
            Manifest::read(&target)
                .unwrap()
                .files
                .contains_key("report.html")
        );
        assert!(damaged(&target).is_empty());
    }

    #[test]
    fn a_default_folder_another_run_is_writing_is_stepped_around() {
        let scratch_dir = scratch("busy-default");
        let target = scratch_dir.join("my-game");
        let writing = ResultDir::create_default(&target, "a").unwrap();
        let other = ResultDir::create_default(&target, "b").unwrap();
        other.text("x.csv", "b").unwrap();
        assert_eq!(
            other.commit(false).unwrap(),
            target.with_file_name("my-game-2")
        );
        drop(writing);
    }

    #[test]
    fn a_second_writer_is_refused_before_it_plays() {
        let scratch_dir = scratch("lock");
        let target = scratch_dir.join("res");
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
        // A file of the lock's name that is not empty is not whisker's.
        fs::write(target.with_file_name(".res.lock"), "mine").unwrap();
        assert!(ResultDir::create(&target).is_err());
        assert_eq!(
            fs::read_to_string(target.with_file_name(".res.lock")).unwrap(),
            "mine"
        );
    }

    /// A staging folder as a run killed at `step` leaves it.
    fn staging(parent: &Path, pid: u32, files: &[(&str, &str)], finished: bool) -> PathBuf {
        let s = parent.join(format!(".res.partial-{pid}"));
        fs::create_dir(&s).unwrap();
        fs::write(s.join(STAGING), "").unwrap();
        for (name, text) in files {
            fs::write(s.join(name), text).unwrap();
        }
        if finished {
            Manifest::of(&s, None).unwrap().write(&s).unwrap();
        }
        s
    }

    #[test]
    fn stale_staging_is_cleaned_and_a_half_replacement_finished() {
        let parent = scratch("stale");
        let target = parent.join("res");
        // A killed run's unfinished staging folder, and the previous result moved aside by a
        // replacement killed before the new result was put in place.
        staging(&parent, 99_999_999, &[("summary.csv", "half")], false);
        let old = parent.join(".res.partial-99999998.old");
        fs::create_dir(&old).unwrap();
        fs::write(old.join("summary.csv"), "complete").unwrap();
        Manifest::of(&old, None).unwrap().write(&old).unwrap();
        fs::write(old.join("notes.txt"), "mine").unwrap();
        // Folders of similar names that are not whisker's are not touched.
        fs::create_dir(parent.join(".res.partial-x")).unwrap();
        fs::create_dir(parent.join(".res.partial-7")).unwrap();
        fs::write(parent.join(".res.partial-7/mine.txt"), "mine").unwrap();
        let dir = ResultDir::create(&target).unwrap();
        // The previous result is back in place, notes and all.
        assert_eq!(read(&target, "summary.csv"), "complete");
        assert_eq!(read(&target, "notes.txt"), "mine");
        drop(dir);
        assert_eq!(names(&parent), [".res.partial-7", ".res.partial-x", "res"]);
    }

    #[test]
    fn a_result_finished_but_not_put_in_place_is_kept() {
        let parent = scratch("finished");
        let target = parent.join("res");
        // Killed between moving the old result aside and putting the new one in its place.
        result(&target, &[("summary.csv", "old")]);
        fs::write(target.join("notes.txt"), "mine").unwrap();
        fs::rename(&target, parent.join(".res.partial-41.old")).unwrap();
        staging(&parent, 41, &[("summary.csv", "new")], true);
        drop(ResultDir::create(&target).unwrap());
        assert_eq!(read(&target, "summary.csv"), "new");
        assert_eq!(read(&target, "notes.txt"), "mine");
        assert_eq!(names(&parent), ["res"]);
    }

    #[test]
    fn paths_that_cannot_be_replaced_are_refused_up_front() {
        let d = scratch("paths");
        let cwd = std::env::current_dir().unwrap();
        for bad in [
            Path::new("/"),
            &cwd,
            cwd.parent().unwrap(),
            Path::new("/proc"),
        ] {
            assert!(ResultDir::create(bad).is_err(), "{}", bad.display());
        }
        fs::write(d.join("file"), "").unwrap();
        let e = ResultDir::create(&d.join("file")).err().unwrap();
        assert!(e.to_string().contains("is a file"), "{e}");
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(d.join("nowhere"), d.join("dangling")).unwrap();
            let e = ResultDir::create(&d.join("dangling")).err().unwrap();
            assert!(e.to_string().contains("link to nothing"), "{e}");
            std::os::unix::fs::symlink(d.join("loop2"), d.join("loop1")).unwrap();
            std::os::unix::fs::symlink(d.join("loop1"), d.join("loop2")).unwrap();
            let e = ResultDir::create(&d.join("loop1")).err().unwrap();
            assert!(e.to_string().contains("loop of links"), "{e}");
        }
        let e = ResultDir::create(&d.join("n".repeat(MAX_NAME + 1)))
            .err()
            .unwrap();
        assert!(e.to_string().contains("bytes long"), "{e}");
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

    #[test]
    fn leftovers_are_known_by_their_whole_name() {
        let name = OsStr::new("res");
        for (entry, kind) in [
            (".res.partial-12", Some((Left::Staging, 12))),
            (".res.partial-12.old", Some((Left::Aside, 12))),
            (".res.partial-12.old3", Some((Left::Aside, 12))),
            (".res.partial-", None),
            (".res.partial-12x", None),
            (".res.partial-12.older", None),
            (".rest.partial-12", None),
        ] {
            assert_eq!(leftover(OsStr::new(entry), name), kind, "{entry}");
        }
    }
}
