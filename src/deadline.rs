//! Deadlines and cancellation, for any work that must stop (DESIGN.md
//! "Scale"): a [`Deadline`] is a point in time plus a [`Cancel`] token that
//! another thread may cancel (the runner's watchdog, the portfolio stopping
//! its losers, the memory guard), optionally with a cause that
//! [`Deadline::stop_reason`] reports. Work that a flag cannot stop (a solver
//! call) registers a handle and the function that interrupts it
//! ([`Cancel::register`]); a cancel calls it at once and again every
//! [`REPEAT`] while the handle is registered (a call that began between two
//! interrupts is stopped by the next one). `smt::deadline` registers the
//! thread's Z3 context this way and gives Z3's calls the time left.
//!
//! Invariant: knows nothing of Z3 (a leaf of the layers: `domains` and `ir`
//! may use it).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What interrupts a registered handle (see [`Cancel::register`]).
pub type Interrupt = fn(usize);

/// How often a cancel interrupts the threads that are still registered.
pub const REPEAT: Duration = Duration::from_millis(50);

/// A cancellation token, shared by the threads that may cancel and the
/// thread whose work it stops.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<CancelState>);

#[derive(Debug, Default)]
struct CancelState {
    cancelled: AtomicBool,
    /// Why, when the canceller said (the memory guard: "out of memory: ..."),
    /// set before `cancelled`; children get the same cause.
    cause: std::sync::OnceLock<Arc<str>>,
    /// What interrupts the work of the threads that installed a deadline
    /// with this token, while it is installed: a handle (a Z3 context's
    /// address) and the function that interrupts it.
    contexts: Mutex<Vec<(usize, Interrupt)>>,
    /// Tokens cancelled with this one ([`Cancel::child`]).
    children: Mutex<Vec<Cancel>>,
}

impl Cancel {
    pub fn new() -> Cancel {
        Cancel::default()
    }
    /// Cancels: every later check sees it, and running Z3 calls of the
    /// registered threads stop.
    pub fn cancel(&self) {
        self.cancel_with(None)
    }
    /// Cancels with a reason that [`Deadline::stop_reason`] reports instead
    /// of "cancelled" (the token's and its children's; the first cause wins).
    pub fn cancel_because(&self, cause: &str) {
        self.cancel_with(Some(Arc::from(cause)))
    }
    fn cancel_with(&self, cause: Option<Arc<str>>) {
        if let Some(c) = &cause {
            let _ = self.0.cause.set(c.clone());
        }
        if self.0.cancelled.swap(true, Ordering::SeqCst) {
            return;
        }
        let children = std::mem::take(&mut *self.0.children.lock().unwrap_or_else(|e| e.into_inner()));
        for c in children {
            c.cancel_with(cause.clone());
        }
        if self.interrupt_registered() {
            let token = self.clone();
            let _ = std::thread::Builder::new().name("ufo-cancel".into()).spawn(move || {
                std::thread::sleep(REPEAT);
                while token.interrupt_registered() {
                    std::thread::sleep(REPEAT);
                }
            });
        }
    }
    /// Interrupts every registered context; are there any?
    fn interrupt_registered(&self) -> bool {
        let contexts = self.0.contexts.lock().unwrap_or_else(|e| e.into_inner());
        for &(c, interrupt) in contexts.iter() {
            interrupt(c);
        }
        !contexts.is_empty()
    }
    pub fn is_cancelled(&self) -> bool {
        self.0.cancelled.load(Ordering::SeqCst)
    }
    /// The reason given with the cancellation, if any.
    pub fn cause(&self) -> Option<&str> {
        self.0.cause.get().map(|c| &**c)
    }
    /// A token of its own that is also cancelled when this one is (a
    /// portfolio member's: the portfolio stops it alone, the runner's
    /// watchdog stops them all).
    pub fn child(&self) -> Cancel {
        let child = Cancel::new();
        self.0.children.lock().unwrap_or_else(|e| e.into_inner()).push(child.clone());
        if self.is_cancelled() {
            child.cancel_with(self.0.cause.get().cloned());
        }
        child
    }
    /// Registers `handle` to be interrupted by `interrupt` when this token
    /// is cancelled (and again every [`REPEAT`] while it stays registered),
    /// until the returned guard is dropped.
    pub fn register(&self, handle: usize, interrupt: Interrupt) -> Registration {
        self.0.contexts.lock().unwrap_or_else(|e| e.into_inner()).push((handle, interrupt));
        Registration { token: self.clone(), context: handle }
    }
}

/// A handle registered with a token (see [`Cancel::register`]).
pub struct Registration {
    token: Cancel,
    context: usize,
}

impl Drop for Registration {
    fn drop(&mut self) {
        let mut cs = self.token.0.contexts.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(i) = cs.iter().position(|(c, _)| *c == self.context) {
            cs.swap_remove(i);
        }
    }
}

/// A point in time after which work must stop, plus a cancellation token that
/// another thread may cancel.
#[derive(Clone, Debug)]
pub struct Deadline {
    at: Option<Instant>,
    cancel: Cancel,
}

impl Deadline {
    pub fn none() -> Deadline {
        Deadline { at: None, cancel: Cancel::new() }
    }
    pub fn after(d: Duration) -> Deadline {
        Deadline { at: Some(Instant::now() + d), cancel: Cancel::new() }
    }
    pub fn from_secs(secs: Option<f64>) -> Deadline {
        match secs {
            Some(s) if s > 0.0 => Deadline::after(Duration::from_secs_f64(s)),
            _ => Deadline::none(),
        }
    }
    /// The same deadline, cancelled by `cancel`.
    pub fn with_cancel(self, cancel: Cancel) -> Deadline {
        Deadline { cancel, ..self }
    }
    pub fn cancel(&self) {
        self.cancel.cancel();
    }
    /// The same deadline, or `slice` from now if that comes first, with a
    /// child token (see [`Cancel::child`]).
    pub fn child(&self, slice: Option<Duration>) -> Deadline {
        let at = match (self.at, slice.map(|d| Instant::now() + d)) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Deadline { at, cancel: self.cancel.child() }
    }
    /// Seconds left, if there is a time limit.
    pub fn remaining(&self) -> Option<Duration> {
        self.at.map(|t| t.saturating_duration_since(Instant::now()))
    }
    /// Was the work cancelled (as opposed to timed out)?
    pub fn cancelled(&self) -> bool {
        self.cancel.is_cancelled()
    }
    /// Has the deadline passed or has someone cancelled?
    pub fn expired(&self) -> bool {
        self.cancelled() || self.at.is_some_and(|t| Instant::now() >= t)
    }
    /// Why the work stopped: the cause the canceller gave, else "cancelled"
    /// or "timeout".
    pub fn stop_reason(&self) -> String {
        match self.cancel.cause() {
            Some(cause) if self.cancelled() => cause.to_string(),
            _ if self.cancelled() => "cancelled".into(),
            _ => "timeout".into(),
        }
    }
    /// The cancellation token.
    pub fn token(&self) -> &Cancel {
        &self.cancel
    }
    /// The point in time, if there is a time limit.
    pub fn at(&self) -> Option<Instant> {
        self.at
    }
    /// A deadline at `at` (none: no time limit), cancelled by `cancel`.
    pub fn new(at: Option<Instant>, cancel: Cancel) -> Deadline {
        Deadline { at, cancel }
    }
}
