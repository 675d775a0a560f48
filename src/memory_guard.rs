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
//! The run has a bound of its own (issue 55 §2: `--memory MB`, by default
//! three quarters of the machine's memory, [`run_bound`]), split among the
//! member processes that run at once ([`member_share`]): a member process
//! past seven eighths of its share stops itself ([`over_share`], as the
//! guard stops a member), and its parent kills it at the whole share
//! (`member`), so one member's Z3 cannot take the others' answers down.
//! A member's memory is what its anonymous resident pages grew by since it
//! started ([`anon_bytes`], [`grown`]): a forked child starts with the
//! parent's pages, shared until written.
//!
//! Invariants: reads only `getrlimit`, `/proc/self/statm`, `/proc/*/status`
//! and `/proc/meminfo`; allocates a few hundred bytes per call; never stops
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

/// The anonymous memory process `pid` (this process for `None`) has
/// resident, in bytes (`RssAnon` of `/proc/PID/status`: a counter, read in
/// microseconds, where `smaps_rollup`'s private pages took milliseconds on
/// a member of 150 MB). A forked member starts with the parent's pages it
/// inherited (shared until written), so what a member holds is its growth
/// since it started.
pub fn anon_bytes(pid: Option<i32>) -> Option<u64> {
    let path = pid.map_or_else(|| "/proc/self/status".to_string(), |p| format!("/proc/{p}/status"));
    let status = std::fs::read_to_string(path).ok()?;
    let line = status.lines().find(|l| l.starts_with("RssAnon:"))?;
    Some(line["RssAnon:".len()..].trim().trim_end_matches("kB").trim().parse::<u64>().ok()? * 1024)
}

/// What a member process that held `base` bytes at its start
/// ([`anon_bytes`]) holds now: its growth, if it can be read.
pub fn grown(pid: Option<i32>, base: u64) -> Option<u64> {
    Some(anon_bytes(pid)?.saturating_sub(base))
}

/// The run's memory bound in bytes (issue 55 §2): `--memory MB` if given,
/// else three quarters of the machine's memory; never above the address
/// space the process may map (`ulimit -v`, `ufo bench --memory`).
pub fn run_bound(mb: Option<u64>) -> Option<u64> {
    let asked = mb.map(|m| m.saturating_mul(MIB)).or_else(|| machine().map(|(total, _)| total / 4 * 3));
    match (asked, address_space_limit()) {
        (Some(a), Some(l)) => Some(a.min(l)),
        (a, l) => a.or(l),
    }
}

/// The least memory a member process is given, whatever the bound: a Z3
/// context and the program.
pub const MEMBER_FLOOR: u64 = 64 * MIB;

/// Each member process's share of the run's `bound`: what is left beside
/// the parent's own memory (`parent` bytes now, and an eighth of the bound
/// for its checks and replays), divided among the `jobs` members that run
/// at once; at least [`MEMBER_FLOOR`].
pub fn member_share(bound: u64, parent: u64, jobs: usize) -> u64 {
    let left = bound.saturating_sub(parent).saturating_sub(bound / 8);
    (left / jobs.max(1) as u64).max(MEMBER_FLOOR)
}

/// Why a member process holding `used` bytes must stop, for its `share`:
/// past seven eighths of it (the member is interrupted and answers UNKNOWN
/// while its parent, which kills it at the whole share, waits).
pub fn over_share(used: u64, share: u64) -> Option<String> {
    (used > share - share / 8).then(|| exceeded(used, share))
}

/// The reason of a member stopped at its share of the run's memory.
pub fn exceeded(used: u64, share: u64) -> String {
    format!("{OUT_OF_MEMORY}: the member held {} MiB of its {} MiB share of --memory", used / MIB, share / MIB)
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
    fn a_process_reads_its_anonymous_memory_and_sees_it_grow() {
        // (the other tests of this process allocate and free beside it: the
        // growth is seen in one of three tries)
        let mut seen = Vec::new();
        for _ in 0..3 {
            let before = anon_bytes(None).expect("/proc/self/status");
            let block = std::hint::black_box(vec![1u8; 64 << 20]);
            let after = grown(Some(std::process::id() as i32), before).expect("/proc/PID/status");
            assert_eq!(block.iter().map(|b| u64::from(*b)).sum::<u64>(), 64 << 20);
            if after >= 60 << 20 {
                return;
            }
            seen.push(after);
        }
        panic!("64 MiB written, growth seen: {seen:?}");
    }

    #[test]
    fn members_share_what_the_parent_leaves_of_the_bound() {
        // 4096 MiB, the parent 512 MiB and 512 for its checks: 1536 each
        assert_eq!(member_share(4096 * MIB, 512 * MIB, 2), 1536 * MIB);
        assert_eq!(member_share(100 * MIB, 512 * MIB, 2), MEMBER_FLOOR);
        assert_eq!(over_share(800 * MIB, 1024 * MIB), None);
        let why = over_share(900 * MIB, 1024 * MIB).expect("past seven eighths");
        assert!(stopped_for_memory(Some(&why)), "{why}");
        assert_eq!(why, "out of memory: the member held 900 MiB of its 1024 MiB share of --memory");
    }

    #[test]
    fn the_bound_is_the_memory_asked_for_within_the_address_space() {
        let machine = machine().unwrap().0;
        match address_space_limit() {
            None => {
                assert_eq!(run_bound(Some(1000)), Some(1000 * MIB));
                assert_eq!(run_bound(None), Some(machine / 4 * 3));
            }
            Some(l) => assert!(run_bound(Some(1000)).unwrap() <= l),
        }
    }

    #[test]
    fn headroom_is_an_eighth_of_the_limit_and_at_least_256_mib() {
        assert_eq!(headroom(8192 * MIB), 1024 * MIB);
        assert_eq!(headroom(1024 * MIB), 256 * MIB);
    }
}
