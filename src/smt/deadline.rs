//! Deadlines and cancellation for Z3 calls. An engine installs its deadline on
//! its thread; every solver check and Spacer query this module's users create
//! then gets the remaining time as Z3's own `timeout` parameter, so Z3 stops by
//! itself and answers `unknown`, and the engine reports UNKNOWN with the
//! statistics gathered so far.
//!
//! Cancellation ([`Cancel`]) comes from another thread (the runner's watchdog,
//! the portfolio stopping its losers): it sets a flag that engines check
//! between steps and calls `Z3_interrupt` on the Z3 context of every thread
//! that has the deadline installed, which stops a running solver check,
//! Spacer query or simplification at once. An interrupt stops only the call
//! running at that moment, so a cancelled token makes every later check of
//! its thread start with a limit of 1 ms, and the interrupt is repeated
//! every [`REPEAT`] while a thread is still registered (a call that began
//! between the two is stopped by the next one).

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

thread_local! {
    static CURRENT: RefCell<(Option<Instant>, Option<Cancel>)> = const { RefCell::new((None, None)) };
}

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
    /// The Z3 contexts (as addresses) of the threads that installed a
    /// deadline with this token, while it is installed.
    contexts: Mutex<Vec<usize>>,
    /// Tokens cancelled with this one ([`Cancel::child`]).
    children: Mutex<Vec<Cancel>>,
}

/// Interrupts the Z3 context at address `c`.
fn interrupt(c: usize) {
    if let Some(ctx) = std::ptr::NonNull::new(c as *mut z3_sys::_Z3_context) {
        // SAFETY: the context is registered only while its thread has the
        // deadline installed, which keeps the context alive; Z3_interrupt is
        // Z3's one call meant to be made from another thread.
        unsafe { z3_sys::Z3_interrupt(ctx) }
    }
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
        for &c in contexts.iter() {
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
    /// Registers the calling thread's Z3 context until the guard is dropped.
    fn register(&self) -> Registration {
        let c = z3::Context::thread_local().get_z3_context().as_ptr() as usize;
        self.0.contexts.lock().unwrap_or_else(|e| e.into_inner()).push(c);
        Registration { token: self.clone(), context: c }
    }
}

/// A thread's Z3 context registered with a token.
struct Registration {
    token: Cancel,
    context: usize,
}

impl Drop for Registration {
    fn drop(&mut self) {
        let mut cs = self.token.0.contexts.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(i) = cs.iter().position(|c| *c == self.context) {
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
    /// Makes this the deadline of the Z3 calls on the current thread until the
    /// returned guard is dropped, and lets its token interrupt them.
    pub fn install(&self) -> Installed {
        let previous = CURRENT.with(|c| c.replace((self.at, Some(self.cancel.clone()))));
        Installed { previous, _registration: self.cancel.register() }
    }
}

/// Guard of an installed deadline; restores the previous one when dropped.
pub struct Installed {
    previous: (Option<Instant>, Option<Cancel>),
    _registration: Registration,
}

impl Drop for Installed {
    fn drop(&mut self) {
        let previous = std::mem::take(&mut self.previous);
        CURRENT.with(|c| *c.borrow_mut() = previous);
    }
}

/// Milliseconds left before the installed deadline (at least 1), if any; 1
/// once the installed token is cancelled.
pub fn remaining_ms() -> Option<u32> {
    CURRENT.with(|c| {
        let c = c.borrow();
        if c.1.as_ref().is_some_and(Cancel::is_cancelled) {
            return Some(1);
        }
        c.0.map(|t| {
            let left = t.saturating_duration_since(Instant::now()).as_millis();
            left.clamp(1, u32::MAX as u128) as u32
        })
    })
}

/// What the work of a [`detached`] call that returned `None` did.
pub const ABANDONED: &str = "did not stop at its deadline and was abandoned";

/// How long past its deadline [`detached`] waits for its thread.
pub const ABANDON_AFTER: Duration = Duration::from_secs(1);

/// How long [`detached`] waits at least, even past its deadline plus
/// [`ABANDON_AFTER`].
const LAST_CHANCE: Duration = Duration::from_millis(100);

/// Work for a thread of [`detached`].
type Job = Box<dyn FnOnce() + Send>;

/// Idle threads of [`detached`]. A thread is kept with its Z3 context: a
/// fresh context and its first solver cost about 10 ms, as much as a small
/// certificate check (measured: 0.011 s -> 0.021 s per check with a thread
/// and context per call).
static IDLE: Mutex<Vec<std::sync::mpsc::Sender<Job>>> = Mutex::new(Vec::new());

/// An idle thread of [`detached`], or a new one.
fn worker() -> Option<std::sync::mpsc::Sender<Job>> {
    if let Some(w) = IDLE.lock().unwrap_or_else(|e| e.into_inner()).pop() {
        return Some(w);
    }
    let (tx, rx) = std::sync::mpsc::channel::<Job>();
    // the thread ends when its sender is dropped: when it was abandoned
    let spawned =
        std::thread::Builder::new().name("ufo-detached".into()).stack_size(crate::runner::STACK).spawn(move || {
            while let Ok(job) = rx.recv() {
                job();
            }
        });
    spawned.ok().map(|_| tx)
}

/// Runs `f` on a thread of its own, with the calling thread's deadline
/// installed there under a child of its token, and waits for it until that
/// deadline plus [`ABANDON_AFTER`] (without a deadline: until it ends), so
/// detached work in a row (an engine's check, then the driver's) ends the
/// run at most about `ABANDON_AFTER` past its deadline. Some Z3 work does
/// not poll the interrupt (seen: bit-vector internalization,
/// `smt::theory_bv::propagate -> mk_enode`, on the certificate check of fuzz
/// program f2028000026 at -O0), and would hold its caller past any deadline;
/// run here, it holds only its own thread. `None`: abandoned, or no thread
/// could be started (then `f` did not run). An abandoned thread is
/// cancelled (its Z3 calls are interrupted again and again until it stops),
/// its result dropped, and the thread ends when it is done; a thread that
/// answered in time is kept for the next call ([`IDLE`]). A panic in `f` is
/// resumed on the caller. `f` builds its Z3 terms in the thread's own context.
pub fn detached<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    let (at, cancel) = CURRENT.with(|c| c.borrow().clone());
    let token = cancel.map(|c| c.child()).unwrap_or_default();
    let deadline = Deadline { at, cancel: token.clone() };
    let (tx, rx) = std::sync::mpsc::channel();
    let job: Job = Box::new(move || {
        let r = {
            let _installed = deadline.install();
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(f))
        };
        // sent once the context is no longer registered with the token
        let _ = tx.send(r);
    });
    let w = worker()?;
    if w.send(job).is_err() {
        return None;
    }
    let received = match at {
        // past the deadline, work gets at least `LAST_CHANCE` (not again `ABANDON_AFTER`)
        Some(t) => rx.recv_timeout((t + ABANDON_AFTER).saturating_duration_since(Instant::now()).max(LAST_CHANCE)).ok(),
        None => rx.recv().ok(),
    };
    match received {
        Some(r) => {
            IDLE.lock().unwrap_or_else(|e| e.into_inner()).push(w);
            Some(r.unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
        }
        None => {
            token.cancel();
            None
        }
    }
}
