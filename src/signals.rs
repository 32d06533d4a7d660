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

/// Starts catching the stopping signals (once per process).
pub fn catch() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        for sig in STOPPING {
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

/// Asks the run to stop as `signal` would (for tests of the runner).
pub fn stop(signal: i32) {
    STOP.store(signal as usize, Ordering::Relaxed);
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
