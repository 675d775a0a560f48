//! How close the process is to its memory limits, so that a run stops a
//! member before an allocation fails (issue 56).
//!
//! A verifier process has two limits: its address space (`RLIMIT_AS`: `ulimit
//! -v`, batch systems, `ufo bench --memory`), against which every mapping
//! counts — thread stacks and malloc's arenas as well as data —, and the
//! machine's physical memory. An allocation that fails inside Z3 throws out
//! of the middle of an operation and leaves the solver's state half-updated;
//! destroying that solver then crashes the whole process (measured: SIGSEGV
//! in `spacer::context::~context` from `Z3_fixedpoint_dec_ref`, under an 8 GiB
//! `RLIMIT_AS` with 3.4 GB resident; the closing note of stop 45 has the
//! backtrace). A failed allocation in Rust aborts. Neither can be recovered
//! from in process, so the run must not get there: the portfolio's guard
//! (`portfolio::run`) asks [`pressure`] every [`INTERVAL`] and, while
//! [`headroom`] of the address space (a quarter of it of the machine's
//! memory) is still free, stops a member the way it stops a loser (its
//! Z3 calls are interrupted and return at Z3's own checkpoints, which leaves
//! Z3 consistent), with the returned reason as that member's UNKNOWN.
//!
//! Invariants: reads only `getrlimit`, `/proc/self/statm` and
//! `/proc/meminfo`; allocates a few hundred bytes per call; never stops
//! anything itself. [`release`] gives freed heap memory back to the system,
//! so that the address space a stopped member held counts as free again.

use std::time::Duration;

/// How often the portfolio's guard samples [`pressure`].
pub const INTERVAL: Duration = Duration::from_millis(50);

const MIB: u64 = 1 << 20;

/// The free memory below which a member is stopped, for a limit of `limit`
/// bytes: an eighth of it, at least 256 MiB (room for the other members to
/// go on, a check and a replay, and an allocation that doubles a large
/// vector between two samples).
pub fn headroom(limit: u64) -> u64 {
    (limit / 8).max(256 * MIB)
}

/// The soft address-space limit in bytes, if one is set.
pub fn address_space_limit() -> Option<u64> {
    // SAFETY: plain data out-parameter.
    let mut lim: libc::rlimit = unsafe { std::mem::zeroed() };
    // SAFETY: `lim` is a valid out-pointer.
    let ok = unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut lim) } == 0;
    (ok && lim.rlim_cur != libc::RLIM_INFINITY).then_some(lim.rlim_cur as u64)
}

/// The process's address space and resident memory in bytes
/// (`/proc/self/statm`).
pub fn usage() -> Option<(u64, u64)> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let mut fields = statm.split_whitespace().map(|f| f.parse::<u64>().ok());
    // SAFETY: sysconf has no preconditions.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) }.max(1) as u64;
    Some((fields.next()?? * page, fields.next()?? * page))
}

/// The machine's memory and the part of it still available, in bytes
/// (`/proc/meminfo`: MemTotal, MemAvailable).
pub fn machine() -> Option<(u64, u64)> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let field = |name: &str| -> Option<u64> {
        let line = info.lines().find(|l| l.starts_with(name))?;
        Some(line[name.len()..].trim().trim_end_matches("kB").trim().parse::<u64>().ok()? * 1024)
    };
    Some((field("MemTotal:")?, field("MemAvailable:")?))
}

/// How every reason of [`pressure`] begins (a member stopped for memory,
/// on a thread or in a process of its own, says so first).
pub const OUT_OF_MEMORY: &str = "out of memory";

/// Whether a member's reason is a stop for memory.
pub fn stopped_for_memory(reason: Option<&str>) -> bool {
    reason.is_some_and(|r| r.starts_with(OUT_OF_MEMORY))
}

/// Why the run must give memory back now, or `None` while both limits are
/// more than their [`headroom`] away.
pub fn pressure() -> Option<String> {
    if let (Some(limit), Some((vm, _))) = (address_space_limit(), usage()) {
        if vm.saturating_add(headroom(limit)) > limit {
            return Some(format!(
                "{OUT_OF_MEMORY}: the address space reached {} of its {} MiB limit (ulimit -v)",
                vm / MIB,
                limit / MIB
            ));
        }
    }
    if let Some((total, available)) = machine() {
        if available < headroom(total) / 4 {
            let left = available / MIB;
            return Some(format!("{OUT_OF_MEMORY}: the machine has {left} of its {} MiB left", total / MIB));
        }
    }
    None
}

/// Returns the heap memory that is free back to the system (glibc's
/// `malloc_trim`): a stopped member's thread arena, once its Z3 context is
/// gone, stops counting against the address space.
pub fn release() {
    // SAFETY: malloc_trim only walks and trims malloc's own arenas.
    unsafe {
        libc::malloc_trim(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_process_reads_its_own_usage_and_the_machines_memory() {
        let (vm, rss) = usage().expect("/proc/self/statm");
        assert!(vm >= rss && rss > 0, "vm {vm} rss {rss}");
        let (total, available) = machine().expect("/proc/meminfo");
        assert!(total >= available && available > 0);
    }

    #[test]
    fn headroom_is_an_eighth_of_the_limit_and_at_least_256_mib() {
        assert_eq!(headroom(8192 * MIB), 1024 * MIB);
        assert_eq!(headroom(1024 * MIB), 256 * MIB);
    }
}
