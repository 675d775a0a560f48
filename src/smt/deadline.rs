//! Deadlines and cancellation for Z3 calls. An engine installs its deadline on
//! its thread; every solver check and Spacer query this module's users create
//! then gets the remaining time as Z3's own `timeout` parameter, so Z3 stops by
//! itself and answers `unknown`, and the engine reports UNKNOWN with the
//! statistics gathered so far. (Z3's scoped timeouts are used instead of
//! `Z3_interrupt`: an interrupt is context-wide and sticky, and a later call
//! without an exception guard, such as a rewrite, then aborts the process.)
//! Cancellation by another thread is a flag engines check between steps.

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

thread_local! {
    static CURRENT: Cell<Option<Instant>> = const { Cell::new(None) };
}

/// A point in time after which work must stop, plus a cancellation flag that
/// another thread may set.
#[derive(Clone, Debug)]
pub struct Deadline {
    at: Option<Instant>,
    cancelled: Arc<AtomicBool>,
}

impl Deadline {
    pub fn none() -> Deadline {
        Deadline { at: None, cancelled: Arc::new(AtomicBool::new(false)) }
    }
    pub fn after(d: Duration) -> Deadline {
        Deadline { at: Some(Instant::now() + d), cancelled: Arc::new(AtomicBool::new(false)) }
    }
    pub fn from_secs(secs: Option<f64>) -> Deadline {
        match secs {
            Some(s) if s > 0.0 => Deadline::after(Duration::from_secs_f64(s)),
            _ => Deadline::none(),
        }
    }
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::SeqCst);
    }
    /// Has the deadline passed or has someone cancelled?
    pub fn expired(&self) -> bool {
        self.cancelled.load(Ordering::SeqCst) || self.at.is_some_and(|t| Instant::now() >= t)
    }
    /// Makes this the deadline of the Z3 calls on the current thread until the
    /// returned guard is dropped.
    pub fn install(&self) -> Installed {
        let previous = CURRENT.with(|c| c.replace(self.at));
        Installed { previous }
    }
}

/// Guard of an installed deadline; restores the previous one when dropped.
pub struct Installed {
    previous: Option<Instant>,
}

impl Drop for Installed {
    fn drop(&mut self) {
        CURRENT.with(|c| c.set(self.previous));
    }
}

/// Milliseconds left before the installed deadline (at least 1), if any.
pub fn remaining_ms() -> Option<u32> {
    CURRENT.with(|c| c.get()).map(|t| {
        let left = t.saturating_duration_since(Instant::now()).as_millis();
        left.clamp(1, u32::MAX as u128) as u32
    })
}
