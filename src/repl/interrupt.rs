//! Ctrl-C in a play session: it stops what the session is doing (the computer's moves, its
//! thinking, a count of positions) and comes back to the prompt with the game as it was. It
//! never ends the session, so it never loses a game; only when three come and none is
//! answered (something that does not listen) does the session end, as the shell would.

use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::Once;

/// Set by Ctrl-C, cleared by whoever stops for it.
pub static INTERRUPTED: AtomicBool = AtomicBool::new(false);
/// Ctrl-Cs not yet answered.
static PENDING: AtomicU8 = AtomicU8::new(0);

/// Catches Ctrl-C for the rest of the process (once; later calls do nothing). Where the
/// handler cannot be set, Ctrl-C keeps its usual meaning.
pub fn install() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let _ = ctrlc::set_handler(|| {
            INTERRUPTED.store(true, Ordering::SeqCst);
            if PENDING.fetch_add(1, Ordering::SeqCst) >= 2 {
                eprintln!("\ninterrupted three times: the session ends");
                std::process::exit(130);
            }
        });
    });
}

/// Whether Ctrl-C was pressed since the last call; answers it.
pub fn take() -> bool {
    PENDING.store(0, Ordering::SeqCst);
    INTERRUPTED.swap(false, Ordering::SeqCst)
}
