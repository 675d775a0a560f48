//! One tool process under hard limits, as a benchmark runner needs it: its own
//! process group (so clang, lli or anything else it starts dies with it), an
//! address-space limit (`RLIMIT_AS`), a wall-clock limit after which the whole
//! group is killed, and the resources it used, read from `wait4` (CPU time of
//! the process and its waited-for children, peak resident memory).

use std::io::Read;
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The limits of one run.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Wall-clock seconds after which the process group is killed.
    pub kill_after: f64,
    /// Address-space limit in MiB (`None`: unlimited).
    pub memory_mb: Option<u64>,
}

/// How the process ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    Exited(i32),
    /// Killed by this signal (not by us).
    Signaled(i32),
    /// Killed by the runner at the wall-clock limit.
    Killed,
}

/// What one run produced and used.
#[derive(Clone, Debug)]
pub struct Finished {
    pub ending: Ending,
    pub stdout: String,
    pub stderr: String,
    /// User + system CPU seconds.
    pub cpu: f64,
    pub wall: f64,
    /// Peak resident set size in MiB.
    pub peak_mb: f64,
}

fn seconds(t: libc::timeval) -> f64 {
    t.tv_sec as f64 + t.tv_usec as f64 / 1e6
}

fn read_all(mut f: std::fs::File) -> String {
    use std::io::Seek;
    let mut s = String::new();
    let _ = f.seek(std::io::SeekFrom::Start(0));
    let mut bytes = Vec::new();
    let _ = f.read_to_end(&mut bytes);
    s.push_str(&String::from_utf8_lossy(&bytes));
    s
}

/// Runs `cmd` to its end or to the limit. Output goes through temporary files,
/// so a chatty process never blocks on a full pipe.
pub fn run(mut cmd: Command, limits: Limits) -> std::io::Result<Finished> {
    let out = tempfile::tempfile()?;
    let err = tempfile::tempfile()?;
    cmd.stdin(Stdio::null()).stdout(out.try_clone()?).stderr(err.try_clone()?).process_group(0);
    if let Some(mb) = limits.memory_mb {
        let bytes = mb.saturating_mul(1 << 20) as libc::rlim_t;
        // SAFETY: setrlimit is async-signal-safe; nothing is allocated in the child.
        unsafe {
            cmd.pre_exec(move || {
                let lim = libc::rlimit { rlim_cur: bytes, rlim_max: bytes };
                if libc::setrlimit(libc::RLIMIT_AS, &lim) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
    }
    let start = Instant::now();
    let child = cmd.spawn()?;
    let pid = child.id() as libc::pid_t;
    // The child is reaped here with wait4 (for its resource usage), not by std.
    drop(child);
    let mut status: libc::c_int = 0;
    // SAFETY: rusage is plain data; zeroed is a valid value.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let mut killed = false;
    loop {
        // SAFETY: pid is our child; status and usage are valid out-pointers.
        let r = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if r == pid {
            break;
        }
        if r < 0 {
            let e = std::io::Error::last_os_error();
            if e.kind() != std::io::ErrorKind::Interrupted {
                return Err(e);
            }
        }
        if !killed && start.elapsed().as_secs_f64() >= limits.kill_after {
            // SAFETY: signals the process group the child leads.
            unsafe { libc::kill(-pid, libc::SIGKILL) };
            killed = true;
        }
        std::thread::sleep(Duration::from_millis(if killed { 1 } else { 10 }));
    }
    let wall = start.elapsed().as_secs_f64();
    // Whatever the process left behind in its group goes too.
    // SAFETY: as above; the group may already be empty.
    unsafe { libc::kill(-pid, libc::SIGKILL) };
    let ending = if killed {
        Ending::Killed
    } else if libc::WIFEXITED(status) {
        Ending::Exited(libc::WEXITSTATUS(status))
    } else {
        Ending::Signaled(libc::WTERMSIG(status))
    };
    Ok(Finished {
        ending,
        stdout: read_all(out),
        stderr: read_all(err),
        cpu: seconds(usage.ru_utime) + seconds(usage.ru_stime),
        wall,
        peak_mb: usage.ru_maxrss as f64 / 1024.0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sh(script: &str, limits: Limits) -> Finished {
        let mut c = Command::new("sh");
        c.args(["-c", script]);
        run(c, limits).unwrap()
    }

    const NO_LIMIT: Limits = Limits { kill_after: 30.0, memory_mb: None };

    #[test]
    fn exit_code_and_output() {
        let f = sh("echo out; echo err >&2; exit 3", NO_LIMIT);
        assert_eq!(f.ending, Ending::Exited(3));
        assert_eq!(f.stdout, "out\n");
        assert_eq!(f.stderr, "err\n");
    }

    #[test]
    fn a_process_that_never_stops_is_killed_with_its_children() {
        let dir = tempfile::tempdir().unwrap();
        let marker = dir.path().join("alive");
        // The grandchild would write the marker after 3 s if it survived the kill.
        let script = format!("(sleep 3; touch {}) & while :; do :; done", marker.display());
        let f = sh(&script, Limits { kill_after: 1.0, memory_mb: None });
        assert_eq!(f.ending, Ending::Killed);
        assert!(f.wall >= 1.0 && f.wall < 2.5, "killed after {} s", f.wall);
        // (a loaded machine gives the loop less than its second: 0.32 s seen)
        assert!(f.cpu > 0.1, "the busy loop used {} s of CPU", f.cpu);
        std::thread::sleep(Duration::from_millis(2500));
        assert!(!marker.exists(), "a process of the killed group survived");
    }

    #[test]
    fn memory_limit_stops_an_allocation() {
        // python3 allocating 2 GiB under a 512 MiB limit fails with MemoryError.
        let f = sh(
            "python3 -c 'b = bytearray(2 << 30)' 2>&1 | grep -q MemoryError && exit 7",
            Limits { kill_after: 30.0, memory_mb: Some(512) },
        );
        assert_eq!(f.ending, Ending::Exited(7));
        let g = sh("python3 -c 'b = bytearray(200 << 20); b[::4096] = b\"x\" * len(b[::4096])'", NO_LIMIT);
        assert_eq!(g.ending, Ending::Exited(0));
        assert!(g.peak_mb > 150.0, "peak {} MiB", g.peak_mb);
    }
}
