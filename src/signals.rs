//! Stopping a run from outside. SIGINT (Ctrl-C), SIGTERM (what `timeout`, Slurm and Kubernetes
//! send) and SIGHUP (a closed terminal) all ask a run to stop: the chunk of games under way
//! finishes, and what was played is kept as a partial result. A second signal ends the process
//! at once (the next run cleans up what it left).

use std::sync::Once;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};

/// The signal that asked the run to stop, or 0.
static STOP: AtomicUsize = AtomicUsize::new(0);
/// Set by the first signal, so the second one ends the process.
static ASKED: AtomicBool = AtomicBool::new(false);

/// The signals that stop a run.
pub const STOPPING: [i32; 3] = [SIGINT, SIGTERM, SIGHUP];

/// Whether `sig` is ignored, as `nohup` (SIGHUP) or a shell's background process (SIGINT) leaves it:
/// such a signal was not meant to reach the run, so it is left alone.
fn ignored(sig: i32) -> bool {
    // SAFETY: sigaction with a null new action only reads the current one into `old`.
    unsafe {
        let mut old: libc::sigaction = std::mem::zeroed();
        libc::sigaction(sig, std::ptr::null(), &mut old) == 0 && old.sa_sigaction == libc::SIG_IGN
    }
}

/// Starts catching the stopping signals (once per process), all but those the process was
/// started to ignore.
pub fn catch() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        for sig in STOPPING.into_iter().filter(|&s| !ignored(s)) {
            // Registered first, so it sees the flag as the previous signal left it.
            let _ = signal_hook::flag::register_conditional_shutdown(sig, 128 + sig, &ASKED);
            let _ = signal_hook::flag::register_usize(sig, &STOP, sig as usize);
            let _ = signal_hook::flag::register(sig, &ASKED);
        }
    });
}

/// The signal that asked the run to stop, if one did.
pub fn stopped() -> Option<i32> {
    match STOP.load(Ordering::Relaxed) {
        0 => None,
        s => Some(s as i32),
    }
}

/// The signal's name, for messages.
pub fn name(signal: i32) -> &'static str {
    match signal {
        SIGINT => "SIGINT",
        SIGTERM => "SIGTERM",
        SIGHUP => "SIGHUP",
        _ => "a signal",
    }
}
