//! Standard error muted while cancelled portfolio members wind down.
//!
//! Z3 reports some interrupted computations as internal assertion
//! violations, written straight to the process's stderr (`std::cerr`; no API
//! redirects them): an interrupted Spacer with global guidance prints
//! "ASSERTION VIOLATION ... spacer_global_generalizer.cpp ... UNEXPECTED CODE
//! WAS REACHED" when a faster member wins. The answer is not affected (every
//! answer is checked independently), but the text alarms a user. The
//! portfolio therefore points file descriptor 2 at `/dev/null` from the
//! moment it cancels a member still running until every member thread has
//! ended, and restores it then.
//!
//! Invariants: at most one mute is active in the process (a nested request
//! does nothing); nothing but the portfolio's losers runs in that window
//! (the winner's answer was checked before the cancellation; the library
//! prints nothing itself); a failing system call leaves stderr as it was.

use std::sync::Mutex;

/// The saved descriptor of the real stderr while muted.
static SAVED: Mutex<Option<i32>> = Mutex::new(None);

/// Stderr muted until the value is dropped (nothing if muting failed or
/// another mute is active).
pub struct Muted {
    active: bool,
}

/// Points stderr at `/dev/null`.
pub fn mute() -> Muted {
    let mut saved = SAVED.lock().unwrap_or_else(|e| e.into_inner());
    if saved.is_some() {
        return Muted { active: false };
    }
    // SAFETY: plain descriptor calls on descriptors this function owns or on
    // fd 2; each result is checked, and on failure the state is restored.
    unsafe {
        let copy = libc::dup(2);
        if copy < 0 {
            return Muted { active: false };
        }
        let null = libc::open(c"/dev/null".as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
        if null < 0 || libc::dup2(null, 2) < 0 {
            if null >= 0 {
                libc::close(null);
            }
            libc::close(copy);
            return Muted { active: false };
        }
        libc::close(null);
        *saved = Some(copy);
    }
    Muted { active: true }
}

impl Drop for Muted {
    fn drop(&mut self) {
        if !self.active {
            return;
        }
        let mut saved = SAVED.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(copy) = saved.take() {
            // SAFETY: `copy` is the descriptor `mute` duplicated from fd 2.
            unsafe {
                libc::dup2(copy, 2);
                libc::close(copy);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_mute_does_nothing_and_the_first_restores_stderr() {
        let before = unsafe { libc::fcntl(2, libc::F_GETFL) };
        let first = mute();
        assert!(first.active);
        let second = mute();
        assert!(!second.active);
        drop(second);
        assert!(SAVED.lock().unwrap().is_some());
        drop(first);
        assert!(SAVED.lock().unwrap().is_none());
        assert_eq!(unsafe { libc::fcntl(2, libc::F_GETFL) }, before);
    }
}
