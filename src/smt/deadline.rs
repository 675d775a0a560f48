//! Deadlines and cancellation for Z3 calls: a watchdog thread interrupts the
//! engine thread's Z3 context once the deadline has passed (or on cancel), so
//! that a long `check` returns `unknown` and the engine reports UNKNOWN with the
//! statistics gathered so far.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

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
    /// Starts a watchdog that interrupts the current thread's Z3 context once
    /// expired. It stops when the returned guard is dropped.
    pub fn watch(&self) -> Watchdog {
        let stop = Arc::new(AtomicBool::new(false));
        let ctx = z3::Context::thread_local().get_z3_context().as_ptr() as usize;
        let me = self.clone();
        let stop2 = stop.clone();
        let handle = std::thread::spawn(move || {
            while !stop2.load(Ordering::SeqCst) {
                if me.expired() {
                    // SAFETY: the context belongs to the engine thread, which keeps it
                    // alive until it drops the Watchdog, which joins this thread first.
                    if let Some(c) = std::ptr::NonNull::new(ctx as *mut z3_sys::_Z3_context) {
                        unsafe { z3_sys::Z3_interrupt(c) };
                    }
                }
                std::thread::sleep(Duration::from_millis(20));
            }
        });
        Watchdog { stop, handle: Some(handle) }
    }
}

/// Guard of a running watchdog thread.
pub struct Watchdog {
    stop: Arc<AtomicBool>,
    handle: Option<std::thread::JoinHandle<()>>,
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }
}
